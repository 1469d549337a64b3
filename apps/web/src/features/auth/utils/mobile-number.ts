import { asciiDigits } from '@app/shared/digits';
import { formatPhone } from '@app/shared/format';

// A first look at a typed mobile number, by hand: the shared phoneSchema (libphonenumber-js)
// would be the largest part of the phone sign-in's chunk. It catches what is plainly not a
// number; the API judges the rest with the schema and names `phone` when it refuses.

export interface TypedMobile {
  /** What the API is sent: E.164 for an Indian number, else as typed (with its +CC). */
  phone: string;
  /** As the page shows it: "+91 98123 45678" (another country's as typed). */
  display: string;
}

// As the shared schema reads them: digits of any script, spaces, dashes, dots, brackets, one leading +.
const WRITTEN = /^\+?[\p{Nd}\s().-]+$/u;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** The number's parts when it looks like a mobile number; null when it plainly is not one. */
export function readMobile(written: string): TypedMobile | null {
  const typed = written.trim();
  if (typed.length > 30 || !WRITTEN.test(typed)) return null;
  const digits = asciiDigits(typed).replace(/\D/g, '');
  const international = typed.startsWith('+') || digits.startsWith('00');
  const national = international ? digits.replace(/^(00)?91/, '') : digits.replace(/^(0|91)(?=\d{10}$)/, '');
  const isIndian = international ? /^(00)?91/.test(digits) : true;
  if (isIndian) {
    if (!INDIAN_MOBILE.test(national)) return null;
    const phone = `+91${national}`;
    return { phone, display: formatPhone(phone) };
  }
  // Another country's mobile (E.164 has at most 15 digits): the API decides.
  const plain = digits.replace(/^00/, '');
  return plain.length >= 8 && plain.length <= 15 ? { phone: `+${plain}`, display: typed } : null;
}
