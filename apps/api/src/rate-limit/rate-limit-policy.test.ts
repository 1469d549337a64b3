import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, longestWindowSeconds, parseRateLimits } from './rate-limit-policy';

describe('RATE_LIMITS', () => {
  it('defaults to 10 sign-ins per login id in 15 minutes and 20 per address a minute', () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS.login).toEqual({ login_id: { max: 10, windowSeconds: 900 }, address: { max: 20, windowSeconds: 60 } });
  });

  it('overrides single entries and keeps the rest', () => {
    const policy = parseRateLimits(' login.login_id=3/60 , forgot_password.address=7/120,');
    expect(policy.login.login_id).toEqual({ max: 3, windowSeconds: 60 });
    expect(policy.login.address).toEqual(DEFAULT_RATE_LIMITS.login.address);
    expect(policy.forgot_password.address).toEqual({ max: 7, windowSeconds: 120 });
    expect(DEFAULT_RATE_LIMITS.login.login_id.max).toBe(10);
  });

  it.each(['login=3/60', 'login.ip=3/60', 'logon.address=3/60', 'login.address=3', 'login.address=0/60', 'login.address=-1/60'])(
    'refuses %s naming it',
    (text) => {
      expect(() => parseRateLimits(text)).toThrow(text);
    },
  );

  it('knows the longest window, for pruning', () => {
    expect(longestWindowSeconds(parseRateLimits('signup.address=1/86400'))).toBe(86400);
  });
});
