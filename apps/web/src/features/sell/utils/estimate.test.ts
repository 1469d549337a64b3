import { describe, expect, it } from 'vitest';
import { estimate, lineEstimatePaise, readKg } from './estimate';

describe('readKg', () => {
  it('reads blank as nothing, a plain decimal of kg as grams, and anything else as invalid', () => {
    expect(readKg('')).toEqual({ kind: 'empty' });
    expect(readKg('   ')).toEqual({ kind: 'empty' });
    expect(readKg('2.5')).toEqual({ kind: 'grams', grams: 2500 });
    expect(readKg(' 12 ')).toEqual({ kind: 'grams', grams: 12_000 });
    expect(readKg('.5')).toEqual({ kind: 'grams', grams: 500 });
    expect(readKg('0.001')).toEqual({ kind: 'grams', grams: 1 });
    for (const zero of ['0', '0.0', '00', '0.']) expect(readKg(zero), zero).toEqual({ kind: 'grams', grams: 0 });
    for (const bad of ['abc', '-2', '2,5', '1,000', '2.3456', '1e3', '2 kg', '.', '..5', 'NaN', '100001']) expect(readKg(bad), bad).toEqual({ kind: 'invalid' });
  });
});

describe('lineEstimatePaise', () => {
  it('is rate x kg in paise, rounded half up to a paisa', () => {
    expect(lineEstimatePaise(14, '2.5')).toBe(3500);
    // 12.35 rupees x 0.333 kg = 4.11255 rupees = 411.255 paise -> 411; 0.335 kg: 413.725 -> 414.
    expect(lineEstimatePaise(12.35, '0.333')).toBe(411);
    expect(lineEstimatePaise(12.35, '0.335')).toBe(414);
    // 0.5 x 0.001 kg = 0.05 paise -> 0; 5 x 0.001 = 0.5 paise -> 1 (half up).
    expect(lineEstimatePaise(0.5, '0.001')).toBe(0);
    expect(lineEstimatePaise(5, '0.001')).toBe(1);
    // Binary floating point would say 0.1 x 3 = 0.30000000000000004.
    expect(lineEstimatePaise(0.1, '3')).toBe(30);
  });

  it('is null while the weight is blank or not a number', () => {
    expect(lineEstimatePaise(14, '')).toBeNull();
    expect(lineEstimatePaise(14, 'two')).toBeNull();
    expect(lineEstimatePaise(14, '0')).toBe(0);
  });
});

describe('estimate', () => {
  const rates = [
    { name: 'Newspaper', rate: 14 },
    { name: 'Iron', rate: 26.5 },
    { name: 'Copper', rate: 425.75 },
  ];

  it('sums the lines that have a weight, leaving blank ones out', () => {
    const result = estimate(rates, { Newspaper: '3', Iron: '1.25' });
    expect(result.lines).toEqual([
      { name: 'Newspaper', amount: 42, invalid: false },
      { name: 'Iron', amount: 33.13, invalid: false },
      { name: 'Copper', amount: null, invalid: false },
    ]);
    // 42 + 33.125 rounded per line (33.13): 75.13, not 75.125.
    expect(result.total).toBe(75.13);
    expect(result.counted).toBe(2);
    expect(result.invalid).toBe(false);
  });

  it('is 0 with nothing typed, and says when a weight is not a number', () => {
    expect(estimate(rates, {})).toEqual({ lines: rates.map((r) => ({ name: r.name, amount: null, invalid: false })), total: 0, counted: 0, invalid: false });
    const bad = estimate(rates, { Newspaper: '2', Copper: 'lots' });
    expect(bad.total).toBe(28);
    expect(bad.counted).toBe(1);
    expect(bad.invalid).toBe(true);
    expect(bad.lines[2]).toEqual({ name: 'Copper', amount: null, invalid: true });
  });

  it('adds in paise: many small lines do not drift', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ name: `m${i}`, rate: 0.1 }));
    const result = estimate(many, Object.fromEntries(many.map((m) => [m.name, '1'])));
    expect(result.total).toBe(1);
    expect(result.counted).toBe(10);
  });

  it('counts a weight of 0 as typed but not as something to sell', () => {
    const result = estimate(rates, { Newspaper: '0' });
    expect(result.lines[0]).toEqual({ name: 'Newspaper', amount: 0, invalid: false });
    expect(result.counted).toBe(0);
  });
});
