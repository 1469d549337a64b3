import { lineAmountPaise, paiseToRupees, parseWeightKg, rupeesToPaise } from '@app/shared/money';

// Live amounts of the weighing form, in integer paise and grams as the server computes
// them (design.md section 2: never money in binary floating point).

/** Grams of a typed weight, or null while it is not a valid weight. */
export function gramsOf(weight: string | number | null | undefined): number | null {
  const parsed = parseWeightKg(weight);
  return parsed.ok ? parsed.value : null;
}

/** rate (rupees per kg) x weight, rounded half up to the paisa, in rupees; null while the weight is not valid. */
export function lineAmount(rateRupees: number, weight: string | number | null | undefined): number | null {
  const grams = gramsOf(weight);
  if (grams === null) return null;
  return paiseToRupees(lineAmountPaise(rupeesToPaise(rateRupees), grams));
}

/** Sums of the valid lines: kilograms and rupees. */
export function totals(lines: ReadonlyArray<{ rate: number; weight: string | number | null | undefined }>): { kg: number; rupees: number } {
  let grams = 0;
  let paise = 0;
  for (const line of lines) {
    const g = gramsOf(line.weight);
    if (g === null) continue;
    grams += g;
    paise += lineAmountPaise(rupeesToPaise(line.rate), g);
  }
  return { kg: grams / 1000, rupees: paiseToRupees(paise) };
}
