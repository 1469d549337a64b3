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
