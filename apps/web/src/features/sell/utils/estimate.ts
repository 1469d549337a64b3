import { lineAmountPaise, paiseToRupees, parseWeightKg, rupeesToPaise } from '@app/shared/money';

// What /Sell shows while a household types rough weights (design.md section 21): the b2c
// rate x kg of each material and their sum, in integer paise and grams like the order screens
// (each line rounded half up to a paisa, the same rule the API prices a line with), so the
// estimate is what the same weights would be paid at today's rates.

/** What a typed weight reads as: nothing yet, not a number of kg, or grams (0 and more). */
export type KgReading = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'grams'; grams: number };

/**
 * A weight as typed: blank is nothing; "0" is nothing to sell; otherwise a plain decimal of kg
 * with at most 3 decimals (the order forms' rule, `parseWeightKg`), ".5" too. A comma is not read as a
 * decimal point: in India "1,000" is a thousand.
 */
export function readKg(text: string): KgReading {
  // ".5" is half a kg, as people write it.
  const trimmed = text.trim().replace(/^\.(?=\d)/, '0.');
  if (trimmed === '') return { kind: 'empty' };
  if (/^0*(\.0*)?$/.test(trimmed) && /\d/.test(trimmed)) return { kind: 'grams', grams: 0 };
  const parsed = parseWeightKg(trimmed);
  return parsed.ok ? { kind: 'grams', grams: parsed.value } : { kind: 'invalid' };
}

export interface RateLine {
  /** The material's name as the rates answer keys it. */
  name: string;
  /** Today's b2c rate, rupees per kg. */
  rate: number;
}

export interface EstimateLine {
  name: string;
  /** Rupees for this material, or null while its weight is blank or not a number. */
  amount: number | null;
  invalid: boolean;
}

export interface Estimate {
  lines: EstimateLine[];
  /** The sum of the lines that have a weight, in rupees (0 when none has). */
  total: number;
  /** How many lines have a weight above 0. */
  counted: number;
  /** True when some weight is not a number of kg. */
  invalid: boolean;
}

/** rate (rupees/kg) x the grams read, in paise, rounded half up to a paisa. */
const amountPaise = (rate: number, grams: number): number => lineAmountPaise(rupeesToPaise(rate), grams);

/** One material's amount in paise, or null while its weight is blank or not a number. */
export function lineEstimatePaise(rate: number, kg: string): number | null {
  const reading = readKg(kg);
  return reading.kind === 'grams' ? amountPaise(rate, reading.grams) : null;
}

/** The estimate for the weights typed so far (`kg` by material name; a missing one is blank). */
export function estimate(rates: readonly RateLine[], kg: Readonly<Record<string, string>>): Estimate {
  let totalPaise = 0;
  let counted = 0;
  const lines = rates.map((line): EstimateLine => {
    const reading = readKg(kg[line.name] ?? '');
    if (reading.kind !== 'grams') return { name: line.name, amount: null, invalid: reading.kind === 'invalid' };
    const paise = amountPaise(line.rate, reading.grams);
    totalPaise += paise;
    if (reading.grams > 0) counted += 1;
    return { name: line.name, amount: paiseToRupees(paise), invalid: false };
  });
  return { lines, total: paiseToRupees(totalPaise), counted, invalid: lines.some((line) => line.invalid) };
}
