import { describe, expect, it } from 'vitest';
import { lineAmount, sumKg, sumRupees } from './order-math';

describe('order screen arithmetic', () => {
  it('prices a line in paise, rounded half up, and nothing while the weight is not valid', () => {
    expect(lineAmount(644.8, '10.5')).toBe(6770.4);
    expect(lineAmount(33.28, 42.25)).toBe(1406.08);
    expect(lineAmount(0.05, '0.01')).toBe(0); // 0.05 paise rounds to 0
    expect(lineAmount(0.15, '0.1')).toBe(0.02); // 1.5 paise rounds half up
    expect(lineAmount(10, '')).toBeNull();
    expect(lineAmount(10, 'abc')).toBeNull();
    expect(lineAmount(10, '1.2345')).toBeNull();
    expect(lineAmount(null, '2')).toBeNull();
  });

  it('sums rupees and kilograms exactly', () => {
    expect(sumRupees([0.1, 0.2, null])).toBe(0.3);
    expect(sumRupees([6770.4, 1406.08])).toBe(8176.48);
    expect(sumKg(['10.5', 42.25, '', null, 'x'])).toBe(52.75);
    expect(sumKg(['0.1', '0.2'])).toBe(0.3);
  });

});
