import { DISPLAY_ID_PAD, type ChartGroup } from './constants';
import { istDate } from './india-time';
import { formatIndianNumber } from './indian-number';

// Every number, amount, weight, count and date a person reads, in the web app, the API's
// messages, mails and PDFs: one formatter each. Each writes what Intl writes for en-IN (and
// hi-IN where it takes a language), character for character, for the part Intl has a format
// for (format.test.ts compares them over generated values); none makes an Intl object, since
// the first one loads ICU's data, 15-23 ms of a phone's start (decision 055). Digits are
// Latin in both languages, as hi-IN writes them and people read them on bills and scales.
// Dates and times are India time (Asia/Kolkata, +05:30 all year), whatever the device's zone.

type FormatLanguage = 'en' | 'hi';

// The language of the one person using a web page; the API passes a member's language
// explicitly and never changes this.
let displayLanguage: FormatLanguage = 'en';

/** The web app calls this when its language changes. */
export function setFormatLanguage(language: FormatLanguage): void {
  displayLanguage = language;
}

// Numbers -------------------------------------------------------------------------------

/** "1,23,456.5 INR": en-IN grouping, at most 2 decimals, suffixed INR (product-spec.md section 9); Hindi "₹1,23,456.5", "-₹5". */
export function formatCurrency(rupees: number, language: FormatLanguage = displayLanguage): string {
  const amount = formatIndianNumber(rupees, 2);
  if (language === 'en') return `${amount} INR`;
  return amount.startsWith('-') ? `-₹${amount.slice(1)}` : `₹${amount}`;
}

/** "1,23,456.50": always 2 decimals, no unit, for a column of amounts (an invoice's). */
export function formatAmount(rupees: number): string {
  const text = formatIndianNumber(rupees, 2);
  if (!Number.isFinite(rupees)) return text;
  const point = text.indexOf('.');
  return point === -1 ? `${text}.00` : text.padEnd(point + 3, '0');
}

/** "12.345 kg"; Hindi "12.345 किलो". */
export function formatWeight(kg: number, language: FormatLanguage = displayLanguage): string {
  return `${formatWeightValue(kg)} ${language === 'hi' ? 'किलो' : 'kg'}`;
}

/** A weight's number alone ("1,234.567"), for a text or a column that names the unit itself. */
export function formatWeightValue(kg: number): string {
  return formatIndianNumber(kg, 3);
}

/** A whole number with Indian grouping: "12,34,567" (a chart's counts). */
export function formatInteger(value: number): string {
  return formatIndianNumber(value, 0);
}

/** Thousands, millions, billions, trillions: the short units of English compact notation. */
const COUNT_UNITS = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'm' },
  { size: 1e9, suffix: 'bn' },
  { size: 1e12, suffix: 'tn' },
] as const;

/**
 * A count as people read it: exact below a thousand ("950"), short above ("1.2k", "12k",
 * "1.2m"; 999,950 rounds up to "1m"), as Intl's English compact notation writes it in lower
 * case; an estimate (X-Total-Count-Estimated) says so with "~". Never "99+".
 */
export function formatCount(count: number, estimated = false): string {
  let text = String(count);
  if (count >= 1000) {
    let unit = 0;
    while (unit < COUNT_UNITS.length - 1 && count >= COUNT_UNITS[unit + 1]!.size) unit += 1;
    text = formatIndianNumber(count / COUNT_UNITS[unit]!.size, 1);
    if (text === '1,000' && unit < COUNT_UNITS.length - 1) {
      unit += 1;
      text = '1';
    }
    text += COUNT_UNITS[unit]!.suffix;
  }
  return estimated ? `~${text}` : text;
}

/** Indian short units, smallest first: thousand, lakh, crore. */
const INDIAN_COMPACT_UNITS = [
  { size: 1, suffix: '' },
  { size: 1e3, suffix: 'K' },
  { size: 1e5, suffix: 'L' },
  { size: 1e7, suffix: 'Cr' },
] as const;

/**
 * A rupee figure in Indian short form, as Intl's en-IN compact notation writes it: "950",
 * "1.5K", "1L" (99,950 rounds up into lakhs, not "100K"), "2.5Cr"; at most 1 decimal. Below
 * ₹1,000 crore (Intl writes larger ones as "1KCr"); past that, crores with Indian grouping.
 */
export function formatCompactRupees(value: number): string {
  const magnitude = Math.abs(value);
  let unit = 0;
  while (unit < INDIAN_COMPACT_UNITS.length - 1 && magnitude >= INDIAN_COMPACT_UNITS[unit + 1]!.size) unit += 1;
  // Rounding may reach the next unit (99,950 is 100.0K): then it is 1 of that unit.
  const next = INDIAN_COMPACT_UNITS[unit + 1];
  if (next && Number(formatIndianNumber(magnitude / INDIAN_COMPACT_UNITS[unit]!.size, 1).replaceAll(',', '')) * INDIAN_COMPACT_UNITS[unit]!.size >= next.size) unit += 1;
  const { size, suffix } = INDIAN_COMPACT_UNITS[unit]!;
  return `${formatIndianNumber(value / size, 1)}${suffix}`;
}

/** "2.4 km": straight-line distance, 1 decimal, Indian grouping; Hindi "2.4 किमी". */
export function formatDistance(km: number, language: FormatLanguage = displayLanguage): string {
  return `${formatIndianNumber(km, 1)} ${language === 'hi' ? 'किमी' : 'km'}`;
}

/** A distance known in metres: "850 m" under 1 km, else as formatDistance ("1.2 km"); Hindi "850 मीटर". */
export function formatDistanceMetres(metres: number, language: FormatLanguage = displayLanguage): string {
  const whole = Math.round(metres);
  if (whole >= 1000) return formatDistance(metres / 1000, language);
  return `${formatIndianNumber(whole, 0)} ${language === 'hi' ? 'मीटर' : 'm'}`;
}

// Dates and times, India time ------------------------------------------------------------

// Intl's month names for en-IN and hi-IN (en-IN abbreviates September "Sept").
const MONTHS_SHORT = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
} as const;
const MONTHS_LONG_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** The India-time fields of an instant given as a Date, epoch milliseconds or an ISO text; null when it names no instant. */
function istFields(value: string | number | Date) {
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : istDate(instant);
}

/** "HH:MM DD/MM/YYYY" (product-spec.md section 9), India time. */
export function formatDateTime(value: string | number | Date): string {
  const at = istFields(value);
  return at ? `${two(at.hour)}:${two(at.minute)} ${two(at.day)}/${two(at.month + 1)}/${at.year}` : 'Invalid Date';
}

/** "HH:MM", India time: formatDateTime's clock alone, for a time whose day is said already. */
export function formatTime(value: string | number | Date): string {
  const at = istFields(value);
  return at ? `${two(at.hour)}:${two(at.minute)}` : 'Invalid Date';
}

/** A calendar day (YYYY-MM-DD, already India's) as formatDateTime writes days: "08/12/2026". */
export function formatDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * "6 Dec 2026, 3:04 pm" (Hindi "6 दिसंबर 2026, 3:04 pm"): an instant as people in India read
 * it in a sentence (escalations, notifications). Intl's hi-IN wraps the same fields in
 * "को ... बजे"; the Hindi here keeps the English shape around them.
 */
export function formatReadableTime(instant: Date, language: FormatLanguage = 'en'): string {
  const at = istDate(instant);
  const month = language === 'hi' ? MONTHS_LONG_HI[at.month] : MONTHS_SHORT.en[at.month];
  return `${at.day} ${month} ${at.year}, ${at.hour % 12 || 12}:${two(at.minute)} ${at.hour < 12 ? 'am' : 'pm'}`;
}

/** A chart's bucket: "2024-05" -> "May 24", "2024-05-17" -> "17 May"; Hindi "मई 24", "17 मई". */
export function formatPeriodLabel(period: string, group: ChartGroup, language: FormatLanguage = displayLanguage): string {
  const month = MONTHS_SHORT[language][Number(period.slice(5, 7)) - 1];
  return group === 'month' ? `${month} ${period.slice(2, 4)}` : `${Number(period.slice(8, 10))} ${month}`;
}

const SLOT_DAY_WORDS = { en: { today: 'Today', tomorrow: 'Tomorrow' }, hi: { today: 'आज', tomorrow: 'कल' } } as const;

/** The calendar day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A slot's day alone (a store choosing one): "Today", "Tomorrow", else "08/12/2026"; Hindi "आज", "कल". */
export function formatSlotDay(date: string, today: string, language: FormatLanguage = displayLanguage): string {
  const words = SLOT_DAY_WORDS[language];
  return date === today ? words.today : date === nextDay(today) ? words.tomorrow : formatDate(date);
}

/**
 * A pickup slot as a driver reads it: "Today 09:00-12:00", "Tomorrow 14:00-17:00", else
 * "08/12/2026 09:00-12:00"; Hindi "आज", "कल". `today` is India's calendar day now
 * (india-time.ts istDay): slots are India time.
 */
export function formatPickupSlot(slot: { date: string; from: string; to: string }, today: string, language: FormatLanguage = displayLanguage): string {
  return `${formatSlotDay(slot.date, today, language)} ${slot.from}-${slot.to}`;
}

// Identifiers ---------------------------------------------------------------------------

/** Identifiers zero-padded to 8 digits by default. */
export function padId(id: number | string, width: number = DISPLAY_ID_PAD): string {
  return String(id).padStart(width, '0');
}

/** An order's display number: "#00000042". */
export function formatOrderNumber(id: number | string): string {
  return `#${padId(id)}`;
}

/** Reads "#00000042", "00000042" or "42" back into 42; null when it is not a number. */
export function parseOrderNumber(text: string): number | null {
  const digits = text.trim().replace(/^#/, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  const n = Number(digits);
  return n > 0 ? n : null;
}

/**
 * A phone number as people in India write it: an E.164 Indian mobile ("+919820000001") as
 * "+91 98200 00001"; anything else (another country, a landline typed freely) as it is.
 */
export function formatPhone(phone: string): string {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : phone;
}
