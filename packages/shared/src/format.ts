import dayjs from 'dayjs';
import { DISPLAY_ID_PAD } from './constants';
import { formatIndianNumber } from './indian-number';

// Indian digit grouping (1,23,456.78) in both languages: hi-IN writes the same Latin
// digits as en-IN, which is what people read on bills and scales.
type FormatLanguage = 'en' | 'hi';

// The language of the one person using a web page; the API passes a member's language
// explicitly and never changes this.
let displayLanguage: FormatLanguage = 'en';

/** The web app calls this when its language changes. */
export function setFormatLanguage(language: FormatLanguage): void {
  displayLanguage = language;
}

/** "1,23,456.5 INR": en-IN grouping, at most 2 decimals, suffixed INR (product-spec.md section 9); Hindi "₹1,23,456.5". */
export function formatCurrency(rupees: number, language: FormatLanguage = displayLanguage): string {
  const amount = formatIndianNumber(rupees, 2);
  return language === 'hi' ? `₹${amount}` : `${amount} INR`;
}

/** "12.345 kg"; Hindi "12.345 किलो". */
export function formatWeight(kg: number, language: FormatLanguage = displayLanguage): string {
  return `${formatWeightValue(kg)} ${language === 'hi' ? 'किलो' : 'kg'}`;
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

const SLOT_DAY_WORDS = { en: { today: 'Today', tomorrow: 'Tomorrow' }, hi: { today: 'आज', tomorrow: 'कल' } } as const;

/** The calendar day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * A pickup slot as a driver reads it: "Today 09:00-12:00", "Tomorrow 14:00-17:00", else
 * "08/12/2026 09:00-12:00" (the date as formatDateTime writes it); Hindi "आज", "कल".
 * `today` is India's calendar day now (india-time.ts istDay): slots are India time.
 */
export function formatPickupSlot(slot: { date: string; from: string; to: string }, today: string, language: FormatLanguage = displayLanguage): string {
  return `${formatSlotDay(slot.date, today, language)} ${slot.from}-${slot.to}`;
}

/** A slot's day alone (a store choosing one): "Today", "Tomorrow", else "08/12/2026"; Hindi "आज", "कल". */
export function formatSlotDay(date: string, today: string, language: FormatLanguage = displayLanguage): string {
  const words = SLOT_DAY_WORDS[language];
  const [year, month, day] = date.split('-');
  return date === today ? words.today : date === nextDay(today) ? words.tomorrow : `${day}/${month}/${year}`;
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
 * By hand, so a chart's first draw makes no Intl object (decision 055).
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

/** A weight's number alone ("1,234.567"), for a text that names the unit itself. */
export function formatWeightValue(kg: number): string {
  return formatIndianNumber(kg, 3);
}

/** "HH:MM DD/MM/YYYY" in the viewer's local time. */
export function formatDateTime(value: string | number | Date): string {
  return dayjs(value).format('HH:mm DD/MM/YYYY');
}

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
