import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { parseWhatsAppLanguages, parseWhatsAppTemplates, templateLanguageOf, whatsAppSettingsOf } from './whatsapp-config';
import { templateMessageBody } from './cloud-api-sender';
import { messageOf, templateParameter, whatsAppRow } from './whatsapp-queue';

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe('WhatsApp configuration', () => {
  it('is off unless both the token and the phone number id are set, with the documented defaults', () => {
    const off = loadConfig(env({}));
    expect(whatsAppSettingsOf(off)).toBeNull();
    const on = loadConfig(env({ WHATSAPP_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' }));
    expect(whatsAppSettingsOf(on)).toEqual({
      messagesUrl: 'https://graph.facebook.com/v21.0/106540352242922/messages',
      token: 'token',
      templates: { order_update: 'kabadi_order_update' },
      languages: { en: 'en', hi: 'hi' },
    });
    const local = loadConfig(env({ WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_API_URL: 'http://127.0.0.1:4010/graph/', WHATSAPP_API_VERSION: 'v22.0' }));
    expect(whatsAppSettingsOf(local)?.messagesUrl).toBe('http://127.0.0.1:4010/graph/v22.0/1/messages');
  });

  it.each([
    ['a token without a phone number id', { WHATSAPP_TOKEN: 't' }, /set both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID/],
    ['a phone number id without a token', { WHATSAPP_PHONE_NUMBER_ID: '1' }, /set both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID/],
    ['the phone number instead of its id', { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '+91 98123 45678' }, /WHATSAPP_PHONE_NUMBER_ID: use the phone number ID/],
    ['an API address with a query', { WHATSAPP_API_URL: 'https://graph.facebook.com?x=1' }, /WHATSAPP_API_URL: .*not an API address/],
    ['a version without its v', { WHATSAPP_API_VERSION: '21.0' }, /WHATSAPP_API_VERSION: use a Graph API version/],
    ['an unknown kind', { WHATSAPP_TEMPLATES: 'order_update=a,payout=b' }, /WHATSAPP_TEMPLATES: "payout" is not a kind of WhatsApp message \(order_update\)/],
    ['a template name WhatsApp would refuse', { WHATSAPP_TEMPLATES: 'order_update=Order Update' }, /WHATSAPP_TEMPLATES: .*not a pair/],
    ['a template name with capitals', { WHATSAPP_TEMPLATES: 'order_update=OrderUpdate' }, /WHATSAPP_TEMPLATES: "OrderUpdate" is not a template name/],
    ['no template for a kind', { WHATSAPP_TEMPLATES: ',' }, /WHATSAPP_TEMPLATES: name the template of order_update/],
    ['a kind given twice', { WHATSAPP_TEMPLATES: 'order_update=a,order_update=b' }, /"order_update" is given twice/],
    ['a language the app does not have', { WHATSAPP_LANGUAGES: 'en=en,fr=fr' }, /WHATSAPP_LANGUAGES: "fr" is not a language of the app/],
    ['no English code', { WHATSAPP_LANGUAGES: 'hi=hi' }, /WHATSAPP_LANGUAGES: name the language code of en/],
    ['a malformed language code', { WHATSAPP_LANGUAGES: 'en=english' }, /"english" is not a template language code/],
  ])('stops the start on %s, naming the variable', (_what, values, message) => {
    expect(() => loadConfig(env(values))).toThrow(message);
  });

  it('reads templates and languages, spaces allowed; a language not listed gets English', () => {
    expect(parseWhatsAppTemplates(' order_update = kabadi_order_update_v2 ')).toEqual({ order_update: 'kabadi_order_update_v2' });
    const onlyEnglish = parseWhatsAppLanguages('en=en_US');
    expect(templateLanguageOf(onlyEnglish, 'hi')).toBe('en_US');
    expect(templateLanguageOf(parseWhatsAppLanguages('en=en,hi=hi'), 'hi')).toBe('hi');
    expect(templateLanguageOf(parseWhatsAppLanguages('en=en,hi=hi'), null)).toBe('en');
  });
});

describe('a WhatsApp message', () => {
  it('has parameters the Cloud API takes: one line, no runs of spaces, never empty, bounded', () => {
    expect(templateParameter('Store closed.\n\nCall me\tlater     please')).toBe('Store closed. Call me later please');
    expect(templateParameter('  \n ')).toBe('-');
    expect(templateParameter('x'.repeat(2000))).toHaveLength(700);
  });

  it('is queued with the member language and sent with the template and language code of the configuration at send time', () => {
    const row = whatsAppRow({ to: '+919812345678', kind: 'order_update', language: 'hi', parameters: ['#00000042', 'तौल\nहो गया', '{{WEB_URL}}/Store/Orders?id=42'] });
    expect(row).toMatchObject({ channel: 'whatsapp', toAddress: '+919812345678', subject: 'order_update' });
    const message = messageOf({ to_address: row.toAddress, subject: row.subject, body: row.body }, { templates: { order_update: 'kabadi_order_update' }, languages: { en: 'en', hi: 'hi' } }, 'https://orders.example.in');
    expect(templateMessageBody(message)).toEqual({
      messaging_product: 'whatsapp',
      to: '919812345678',
      type: 'template',
      template: {
        name: 'kabadi_order_update',
        language: { code: 'hi' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: '#00000042' }, { type: 'text', text: 'तौल हो गया' }, { type: 'text', text: 'https://orders.example.in/Store/Orders?id=42' }] }],
      },
    });
  });
});
