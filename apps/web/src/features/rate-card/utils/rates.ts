import { parseRate } from '@app/shared/schemas/catalog';

// Rates typed by a person: rupees per kg, > 0, at most 2 decimals (read into paise, so no
// binary floating point decides whether "0.1 + 0.2" is valid).

export type RateInput = { ok: true; rupees: number; paise: number } | { ok: false };

export function readRate(text: string): RateInput {
  const parsed = parseRate(text.trim());
  if (!parsed.ok) return { ok: false };
  return { ok: true, paise: parsed.value, rupees: parsed.value / 100 };
}

/** Paise of a rupee number from the API (at most 2 decimals on the wire). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** A signed decimal with at most 2 decimals, not 0 (bulk changes). */
export function readSignedChange(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value === 0 ? null : value;
}
