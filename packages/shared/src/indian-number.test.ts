import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIndianNumber } from './indian-number';

// The contract: what Intl.NumberFormat writes for the app's two languages (Node carries the same ICU data as the browsers).
const intl = (locale: string, places: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: places });
const EXPECTED = [intl('en-IN', 2), intl('hi-IN', 2), intl('en-IN', 3), intl('hi-IN', 3)].map((format, i) => ({ places: i < 2 ? 2 : 3, format }));

function expectSameAsIntl(value: number) {
  for (const { places, format } of EXPECTED) expect(formatIndianNumber(value, places), `${value} to ${places} places`).toBe(format.format(value));
}

describe('formatIndianNumber', () => {
  it('groups, rounds and signs as Intl does at the edges', () => {
    expect(formatIndianNumber(1234567.891, 2)).toBe('12,34,567.89');
    expect(formatIndianNumber(2.675, 2)).toBe('2.68'); // toFixed would say 2.67
    expect(formatIndianNumber(999.995, 2)).toBe('1,000');
    expect(formatIndianNumber(-0.001, 2)).toBe('-0');
    for (const value of [0, -0, 1.005, 0.125, 1e21, 1e-7, 5e-324, -5e-324, Number.MAX_VALUE, NaN, Infinity, -Infinity, 99999.9999, 100000, 12345678]) expectSameAsIntl(value);
  });

  it('writes every number as Intl.NumberFormat en-IN and hi-IN do', () => {
    fc.assert(fc.property(fc.double(), expectSameAsIntl), { numRuns: 3000 });
  });

  it('writes amounts and weights of the size the app shows as Intl does', () => {
    const paise = fc.integer({ min: -1e13, max: 1e13 }).map((n) => n / 100);
    const grams = fc.integer({ min: 0, max: 1e12 }).map((n) => n / 1000);
    const measured = fc.double({ min: -1e9, max: 1e9, noNaN: true });
    fc.assert(fc.property(fc.oneof(paise, grams, measured), expectSameAsIntl), { numRuns: 5000 });
  });
});
