import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAmountPaise, parseRupees, parseWeightKg } from './money';

describe('parseWeightKg', () => {
  it.each([
    [1, 1000],
    ['1', 1000],
    [0.001, 1],
    ['12.345', 12345],
    [100000, 100_000_000],
    ['  2.5 ', 2500],
  ])('reads %j as %i g', (input, grams) => {
    expect(parseWeightKg(input)).toEqual({ ok: true, value: grams });
  });

  // JSON.parse('1e309') is Infinity: the value a client sending 1e309 produces.
  it.each(['abc', -1, 0, '0', Infinity, JSON.parse('1e309') as number, 100001, 100000.001, 1.2345, '', null, undefined, '1e3', '1,5', true, {}, [], '0x10'])(
    'refuses %j',
    (input) => {
      expect(parseWeightKg(input).ok).toBe(false);
    },
  );
});

describe('parseRupees', () => {
  it('reads rupees into paise exactly', () => {
    expect(parseRupees('620')).toEqual({ ok: true, value: 62000 });
    expect(parseRupees(0.1)).toEqual({ ok: true, value: 10 });
    expect(parseRupees('3.5')).toEqual({ ok: true, value: 350 });
  });
  it.each(['0', 0, -1, '1.234', 'ten', '', null])('refuses %j', (input) => {
    expect(parseRupees(input).ok).toBe(false);
  });
  it('allows zero when asked', () => {
    expect(parseRupees(0, { allowZero: true })).toEqual({ ok: true, value: 0 });
  });
});

describe('lineAmountPaise', () => {
  it('rounds half up to the paisa', () => {
    // 1.5 paise -> 2 paise: rate 3 paise/kg x 0.5 kg.
    expect(lineAmountPaise(3, 500)).toBe(2);
    // 620 INR/kg x 1.234 kg = 765.08 INR
    expect(lineAmountPaise(62000, 1234)).toBe(76508);
  });

  it('equals the exact decimal product rounded, for any rate and weight', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000_000 }), (rate, grams) => {
        const exact = BigInt(rate) * BigInt(grams); // in 1/1000 paise
        const amount = BigInt(lineAmountPaise(rate, grams));
        // |amount*1000 - exact| <= 500, and ties go up.
        const diff = amount * 1000n - exact;
        return diff >= -499n && diff <= 500n;
      }),
    );
  });
});
