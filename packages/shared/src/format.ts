import dayjs from 'dayjs';
import { DISPLAY_ID_PAD } from './constants';

const rupeeFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const weightFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

/** "1,23,456.5 INR": en-IN grouping, at most 2 decimals, suffixed INR (product-spec.md section 9). */
export function formatCurrency(rupees: number): string {
  return `${rupeeFormatter.format(rupees)} INR`;
}

/** "12.345 kg". */
export function formatWeight(kg: number): string {
  return `${weightFormatter.format(kg)} kg`;
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
