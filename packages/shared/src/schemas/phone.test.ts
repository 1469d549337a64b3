import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_PHONE_MESSAGE, PHONE_MESSAGE, contactPhoneSchema, mobileE164, phoneSchema } from './phone';

const messages = (value: unknown) => phoneSchema.safeParse(value).error?.issues.map((i) => i.message);

describe('phoneSchema', () => {
  it('takes Indian mobile numbers as people write them and answers E.164', () => {
    for (const written of ['98123 45678', '+91 98123-45678', '09812345678', '+919812345678', '919812345678', '0091 98123 45678', ' (98123) 45678 ', '98123.45678', '९८१२३ ४५६७८']) {
      expect(phoneSchema.parse(written), written).toBe('+919812345678');
    }
  });

  it('takes a mobile number of another country when its code is given', () => {
    expect(phoneSchema.parse('+1 415 555 2671')).toBe('+14155552671');
  });

  it.each([
    ['a landline', '020 2553 1234'],
    ['too few digits', '98123 4567'],
    ['too many digits', '98123 456789'],
    ['a number no mobile starts with', '51234 56789'],
    ['letters', 'call me'],
    ['an extension', '98123 45678 ext 5'],
    ['trailing letters', '9812345678x'],
    ['two numbers', '9812345678, 9812345679'],
    ['a plus inside', '98123+45678'],
    ['empty text', ''],
    ['only spaces', '   '],
    ['very long text', '9'.repeat(40)],
  ])('refuses %s with the one message', (_what, written) => {
    expect(messages(written)).toEqual([PHONE_MESSAGE]);
  });

  it('refuses what is not text with the same message', () => {
    expect(messages(9812345678)).toEqual([PHONE_MESSAGE]);
    expect(messages(null)).toEqual([PHONE_MESSAGE]);
  });

  // Every valid ten-digit mobile number, however it is written, is one E.164 number, and that
  // number reads back as itself.
  it('gives one E.164 number for every way of writing a number (property)', () => {
    const digits = fc.tuple(fc.constantFrom('6', '7', '8', '9'), fc.stringMatching(/^\d{9}$/)).map(([first, rest]) => first + rest);
    const separator = fc.constantFrom('', ' ', '-', '.', '  ');
    fc.assert(
      fc.property(digits, fc.constantFrom('', '0', '+91', '+91 ', '91', '0091 ', '+91-'), separator, fc.integer({ min: 1, max: 9 }), (national, prefix, sep, cut) => {
        const canonical = mobileE164(`+91${national}`);
        fc.pre(canonical !== null);
        const written = `${prefix}${national.slice(0, cut)}${sep}${national.slice(cut)}`;
        expect(phoneSchema.parse(written)).toBe(canonical);
        expect(canonical).toBe(`+91${national}`);
        expect(phoneSchema.parse(canonical)).toBe(canonical);
      }),
      { numRuns: 300 },
    );
  });

  it('answers either E.164 or the message for any text, never throws (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (written) => {
        const result = phoneSchema.safeParse(written);
        if (result.success) expect(result.data).toMatch(/^\+[1-9]\d{6,14}$/);
        else expect(result.error.issues.map((i) => i.message)).toEqual([PHONE_MESSAGE]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('contactPhoneSchema (the company phone)', () => {
  it('takes a landline and a mobile, in E.164', () => {
    expect(contactPhoneSchema.parse('020 2553 1234')).toBe('+912025531234');
    expect(contactPhoneSchema.parse('98123 45678')).toBe('+919812345678');
    expect(contactPhoneSchema.parse('1800 123 4567')).toBe('+9118001234567');
  });

  it('refuses a number that is no number', () => {
    for (const written of ['12345', 'office', '020 2553 1234 ext 5']) {
      expect(contactPhoneSchema.safeParse(written).error?.issues.map((i) => i.message), written).toEqual([CONTACT_PHONE_MESSAGE]);
    }
  });
});
