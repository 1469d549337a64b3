import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { parseSmsUrl } from './sms-url';

describe('SMS_URL', () => {
  it('reads the SNS region and an endpoint of its own', () => {
    expect(parseSmsUrl('sns://?region=ap-south-1')).toEqual({ kind: 'sns', region: 'ap-south-1' });
    expect(parseSmsUrl('sns://?region=ap-south-1&endpoint=http%3A%2F%2F127.0.0.1%3A4566%2F')).toEqual({ kind: 'sns', region: 'ap-south-1', endpoint: 'http://127.0.0.1:4566' });
    expect(parseSmsUrl('sns://?region=us-gov-west-1&endpoint=http://127.0.0.1:4566')).toMatchObject({ region: 'us-gov-west-1', endpoint: 'http://127.0.0.1:4566' });
  });

  it.each([
    ['another scheme', 'https://sns.ap-south-1.amazonaws.com', /not an SMS sender/],
    ['a host', 'sns://ap-south-1', /not an SMS sender/],
    ['no region', 'sns://', /needs region=/],
    ['a made-up region', 'sns://?region=mumbai', /needs region=/],
    ['an unknown parameter', 'sns://?region=ap-south-1&regoin=x', /"regoin" is not a parameter/],
    ['an endpoint that is no URL', 'sns://?region=ap-south-1&endpoint=localhost', /endpoint "localhost"/],
  ])('refuses %s, saying what is wrong', (_what, text, message) => {
    expect(() => parseSmsUrl(text)).toThrow(message);
  });

  it('stops the start with the variable named, and is unset by default', () => {
    expect(() => loadConfig({ SMS_URL: 'sms://x' } as NodeJS.ProcessEnv)).toThrow(/SMS_URL: .*not an SMS sender/);
    const config = loadConfig({ SMS_URL: 'sns://?region=ap-south-1', SMS_DLT_ENTITY_ID: '1101', SMS_DLT_TEMPLATE_OTP: '1107' } as NodeJS.ProcessEnv);
    expect(config.SMS_URL).toEqual({ kind: 'sns', region: 'ap-south-1' });
    expect(config).toMatchObject({ SMS_DLT_ENTITY_ID: '1101', SMS_DLT_TEMPLATE_OTP: '1107' });
    expect(loadConfig({} as NodeJS.ProcessEnv).SMS_URL).toBeUndefined();
  });
});
