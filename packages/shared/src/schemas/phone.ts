// The mobile-only metadata: smaller than the full set (it rides in the web app's sign-in and
// sign-up pages), and with it a number is valid only when it is a mobile one; it still knows
// every country's possible lengths, which is the company phone's check.
import { parsePhoneNumberFromString as parseMobile } from 'libphonenumber-js/mobile';
import { asciiDigits } from '../digits';
import { text } from './text';

// Also read by the web app's sign-in page, which must not load this module (libphonenumber, zod).
export { asciiDigits } from '../digits';

// Phone numbers of design.md section 20: parsed with libphonenumber-js, kept in E.164.

export const PHONE_MESSAGE = 'Give a mobile number, e.g. +91 98123 45678';
/** Numbers without a country code are Indian: that is how people here write them. */
export const DEFAULT_PHONE_COUNTRY = 'IN';

// What people type around the digits: spaces, dashes, dots, brackets, one leading + (any
// script's digits: a Hindi keyboard types ९८१२३...). Anything else (letters, "ext 5", a second
// number) is refused rather than guessed at, which libphonenumber alone would do.
const WRITTEN_NUMBER = /^\+?[\p{Nd}\s().-]+$/u;

function parseWritten(written: string) {
  const trimmed = written.trim();
  if (trimmed.length > 30 || !WRITTEN_NUMBER.test(trimmed)) return undefined;
  const parsed = parseMobile(asciiDigits(trimmed), DEFAULT_PHONE_COUNTRY);
  return parsed?.ext ? undefined : parsed;
}

/** `+919812345678` for a mobile number as people write it; null when it is not one. */
export function mobileE164(written: string): string | null {
  const parsed = parseWritten(written);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * A mobile number as people write it ("98123 45678", "+91 98123-45678", "09812345678"),
 * answered in E.164 (`+919812345678`); anything that is not a valid mobile number is refused
 * with PHONE_MESSAGE, which names the field through the caller's error format. An overwrite
 * and a check rather than a transform: answers carry the field too, and the API's
 * serializer encodes them, which a one-way transform cannot (E.164 in, the same out).
 */
export const phoneSchema = text({ error: PHONE_MESSAGE })
  .overwrite((written) => mobileE164(written) ?? written)
  .refine((value) => mobileE164(value) === value, { message: PHONE_MESSAGE })
  .meta({ description: 'A mobile number; without a country code an Indian one. Answered in E.164, e.g. +919812345678', example: '+91 98123 45678' });

export const CONTACT_PHONE_MESSAGE = 'Give a phone number, e.g. +91 20 2553 1234 or +91 98123 45678';

/** E.164 of a number of a possible length for its country (landlines too); null otherwise. */
export function possibleE164(written: string): string | null {
  const parsed = parseWritten(written);
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * The company's own phone (Settings -> Information, printed on invoices): a landline is as
 * good as a mobile there, since no code or message is ever sent to it, so a number of a
 * possible length for its country passes. Answered in E.164 like every other phone.
 */
export const contactPhoneSchema = text({ error: CONTACT_PHONE_MESSAGE })
  .overwrite((written) => possibleE164(written) ?? written)
  .refine((value) => possibleE164(value) === value, { message: CONTACT_PHONE_MESSAGE });
