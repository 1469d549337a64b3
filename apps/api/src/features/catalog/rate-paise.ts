import { parseRupees } from '@app/shared/money';
import { parseRate } from '@app/shared/schemas/catalog';

// Rupees from a validated request into paise through decimal text (decision 002), never
// through `x * 100` on a float. The schemas have already refused what cannot be read, so
// a failure here is a programming error, not a 400.

export function ratePaise(rupees: number): number {
  const parsed = parseRate(rupees);
  if (!parsed.ok) throw new Error(`unvalidated rate ${rupees}: ${parsed.message}`);
  return parsed.value;
}

/** A signed amount of rupees (a bulk change may take off) in paise. */
export function signedPaise(rupees: number): number {
  const parsed = parseRupees(Math.abs(rupees));
  if (!parsed.ok) throw new Error(`unvalidated amount ${rupees}: ${parsed.message}`);
  return rupees < 0 ? -parsed.value : parsed.value;
}
