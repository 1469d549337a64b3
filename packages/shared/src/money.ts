import { MONEY_MAX_DECIMALS, WEIGHT_MAX_DECIMALS, WEIGHT_MAX_KG } from './constants';

// Money is integer paise, weight integer grams: no binary floating point touches a sum.

const WEIGHT_PATTERN = /^(?:\d+)(?:\.(\d+))?$/;
const MONEY_PATTERN = /^(?:\d+)(?:\.(\d+))?$/;

export type ParseResult = { ok: true; value: number } | { ok: false; message: string };

function decimalToScaled(text: string, scale: number): number {
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 10 ** scale + Number(frac.padEnd(scale, '0') || '0');
}

/**
 * Reads a weight in kg (a JSON number or a decimal string) into grams. Rejects anything
 * that is not a plain decimal > 0, <= WEIGHT_MAX_KG, with at most 3 decimals.
 */
export function parseWeightKg(input: unknown): ParseResult {
  if (input === null || input === undefined || input === '') return { ok: false, message: 'Weight is required' };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: 'Weight must be a number of kg' };
    text = numberToPlainString(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, message: 'Weight must be a number of kg' };
  }
  const match = WEIGHT_PATTERN.exec(text);
  if (!match) return { ok: false, message: 'Weight must be a number of kg' };
  if ((match[1]?.length ?? 0) > WEIGHT_MAX_DECIMALS) {
    return { ok: false, message: `Weight may have at most ${WEIGHT_MAX_DECIMALS} decimals` };
  }
  const grams = decimalToScaled(text, 3);
  if (grams <= 0) return { ok: false, message: 'Weight must be greater than 0' };
  if (grams > WEIGHT_MAX_KG * 1000) return { ok: false, message: `Weight may be at most ${WEIGHT_MAX_KG} kg` };
  return { ok: true, value: grams };
}

/** Reads a rupee amount (> 0, at most 2 decimals) into paise. */
export function parseRupees(input: unknown, { allowZero = false } = {}): ParseResult {
  if (input === null || input === undefined || input === '') return { ok: false, message: 'Amount is required' };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: 'Amount must be a number of rupees' };
    text = numberToPlainString(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, message: 'Amount must be a number of rupees' };
  }
  const match = MONEY_PATTERN.exec(text);
  if (!match) return { ok: false, message: 'Amount must be a positive number of rupees' };
  if ((match[1]?.length ?? 0) > MONEY_MAX_DECIMALS) {
    return { ok: false, message: `Amount may have at most ${MONEY_MAX_DECIMALS} decimals` };
  }
  const paise = decimalToScaled(text, 2);
  if (!Number.isSafeInteger(paise)) return { ok: false, message: 'Amount is too large' };
  if (paise === 0 && !allowZero) return { ok: false, message: 'Amount must be greater than 0' };
  return { ok: true, value: paise };
}

/** A JS number as the shortest plain decimal string, never in exponent notation. */
function numberToPlainString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Exponent forms are either tiny (too many decimals) or huge (too large): both fail later.
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** Line amount in paise: rate (paise per kg) x weight (grams), rounded half up to a paisa. */
export function lineAmountPaise(ratePaisePerKg: number, grams: number): number {
  // Integer product stays below 2^53 for rates up to 10^7 paise and weights up to 10^8 g.
  const product = BigInt(ratePaisePerKg) * BigInt(grams);
  return Number((product + 500n) / 1000n);
}

export const paiseToRupees = (paise: number): number => paise / 100;
export const gramsToKg = (grams: number): number => grams / 1000;

/** Rupees (a number with at most 2 decimals) to paise, exactly. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
