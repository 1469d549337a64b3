import { formatIndianNumber } from '@app/shared/indian-number';

/**
 * The y axis's ticks for values up to `max`: 0 and about five steps of 1, 2 or 5 times a
 * power of ten, the last at or above `max`. Counts step by whole numbers.
 */
export function chartTicks(max: number, wholeNumbers: boolean): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(wholeNumbers ? 1 : 0, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power);
  const count = Math.ceil(max / step - 1e-9);
  // Multiplying, not adding, keeps 0.1 + 0.2 out of the labels.
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

const COMPACT_UNITS = [
  { size: 1e7, suffix: 'Cr' },
  { size: 1e5, suffix: 'L' },
  { size: 1e3, suffix: 'K' },
] as const;

/** An axis's rupee figure in Indian short form ("1.5K", "2L", "1Cr"), as Intl's en-IN compact notation writes it. */
export function compactRupees(value: number): string {
  const unit = COMPACT_UNITS.find((u) => Math.abs(value) >= u.size);
  return unit ? `${formatIndianNumber(value / unit.size, 1)}${unit.suffix}` : formatIndianNumber(value, 1);
}
