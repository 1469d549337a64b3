import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it('shows small counts exactly and large ones short, never "99+"', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(1_000_000)).toBe('1m');
  });

  it("writes every count as Intl's English compact notation does, in lower case with British billions and trillions (short of 999.95tn, where Intl stops grouping)", () => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    const british = (count: number) => intl.format(count).toLowerCase().replace(/b$/, 'bn').replace(/t$/, 'tn');
    const edges = [1000, 1049, 1050, 9999, 99_950, 999_949, 999_950, 999_949_999, 999_950_000, 1e9, 123_456_789_012, 999_949_999_999, 999_950_000_000, 1e12, 12_345_678_901_234];
    for (const count of edges) expect(formatCount(count)).toBe(british(count));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_949_999_999_999 }), (count) => {
        expect(formatCount(count)).toBe(british(count));
      }),
      { numRuns: 3000 },
    );
  });

  it('marks an estimate', () => {
    expect(formatCount(1_234_567, true)).toBe('~1.2m');
  });
});
