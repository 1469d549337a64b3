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
