import { DATE_FILTER_OPTIONS, type DateFilterKey } from '@app/shared/constants';
import { lineAmountPaise, paiseToRupees, parseWeightKg, rupeesToPaise } from '@app/shared/money';

// Arithmetic of the order screens in integer paise and grams (design.md section 2): no
// binary floating point touches a sum. The server prices every line again; these are
// what the screen shows while a person types.

/** rate (rupees/kg) x weight (kg, text or number) in rupees, or null while the weight is not valid. */
export function lineAmount(rate: number | null, weight: string | number | null | undefined): number | null {
  if (rate === null || weight === null || weight === undefined || weight === '') return null;
  const grams = parseWeightKg(weight);
  if (!grams.ok) return null;
  return paiseToRupees(lineAmountPaise(rupeesToPaise(rate), grams.value));
}

/** The sum of rupee amounts, exactly. */
export function sumRupees(amounts: readonly (number | null)[]): number {
  return paiseToRupees(amounts.reduce<number>((sum, a) => sum + (a === null ? 0 : rupeesToPaise(a)), 0));
}

/** The sum of kg weights, exactly (grams). */
export function sumKg(weights: readonly (string | number | null | undefined)[]): number {
  let grams = 0;
  for (const w of weights) {
    if (w === null || w === undefined || w === '') continue;
    const parsed = parseWeightKg(w);
    if (parsed.ok) grams += parsed.value;
  }
  return grams / 1000;
}

/** created_at__gt for a date filter option (1 Month = 30 days back, ...); undefined for All. */
export function createdAfter(key: DateFilterKey, now: Date = new Date()): string | undefined {
  const option = DATE_FILTER_OPTIONS.find((o) => o.key === key);
  if (!option || option.days === null) return undefined;
  const since = new Date(now.getTime() - option.days * 24 * 60 * 60 * 1000);
  // Whole minutes keep the query key (and its cache) stable while the page is open.
  since.setSeconds(0, 0);
  return since.toISOString();
}

export function isDateFilterKey(value: string | null): value is DateFilterKey {
  return DATE_FILTER_OPTIONS.some((o) => o.key === value);
}
