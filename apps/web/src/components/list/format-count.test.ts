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

  it('marks an estimate', () => {
    expect(formatCount(1_234_567, true)).toBe('~1.2m');
  });
});
