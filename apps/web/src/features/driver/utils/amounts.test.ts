import { describe, expect, it } from 'vitest';
import { gramsOf, lineAmount, totals } from './amounts';

describe('the weighing form amounts', () => {
  it('reads weights as the server does', () => {
    expect(gramsOf('12.5')).toBe(12_500);
    expect(gramsOf('0.001')).toBe(1);
    expect(gramsOf('1.2345')).toBeNull();
    expect(gramsOf('0')).toBeNull();
    expect(gramsOf('100000.001')).toBeNull();
    expect(gramsOf('')).toBeNull();
  });

  it('prices a line in paise, rounded half up', () => {
    expect(lineAmount(12.12, '12.5')).toBe(151.5);
    expect(lineAmount(7.84, '3.25')).toBe(25.48);
    // 0.1 + 0.2 style errors never reach the screen: 0.07 x 3 = 0.21 exactly.
    expect(lineAmount(0.07, '3')).toBe(0.21);
    expect(lineAmount(10, 'abc')).toBeNull();
  });

  it('sums only the valid lines', () => {
    expect(
      totals([
        { rate: 12.12, weight: '12.5' },
        { rate: 7.84, weight: '3.25' },
        { rate: 5, weight: '' },
      ]),
    ).toEqual({ kg: 15.75, rupees: 176.98 });
  });
});
