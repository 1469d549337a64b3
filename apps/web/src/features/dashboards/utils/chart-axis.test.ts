import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartTicks } from './chart-axis';

describe('chartTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 to at least the largest value', () => {
    expect(chartTicks(10, true)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(chartTicks(3, true)).toEqual([0, 1, 2, 3]);
    expect(chartTicks(28144.29, false)).toEqual([0, 10000, 20000, 30000]);
    expect(chartTicks(0.3, false)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(chartTicks(0, true)).toEqual([0, 1]);
  });

  it('covers any value with at most six steps of one size', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e12, noNaN: true }), fc.boolean(), (max, whole) => {
        const ticks = chartTicks(max, whole);
        const step = ticks[1]!;
        expect(ticks[0]).toBe(0);
        expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max * (1 - 1e-9));
        expect(ticks.length - 1).toBeLessThanOrEqual(whole && max < 5 ? 5 : 6);
        expect(String(step / 10 ** Math.floor(Math.log10(step)))).toMatch(/^(1|2|5)$/);
      }),
    );
  });
});
