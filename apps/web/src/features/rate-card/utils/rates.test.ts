import { describe, expect, it } from 'vitest';
import { problemsOf } from './import-problems';
import { readRate, readSignedChange, toPaise } from './rates';

describe('readRate', () => {
  it('reads rupees with at most 2 decimals into paise', () => {
    expect(readRate('655.55')).toEqual({ ok: true, paise: 65555, rupees: 655.55 });
    expect(readRate(' 0.1 ')).toEqual({ ok: true, paise: 10, rupees: 0.1 });
  });
  it('refuses 0, negatives, 3 decimals, text and the empty field', () => {
    for (const text of ['0', '-5', '1.234', 'abc', '', '1e3', '100000.01']) expect(readRate(text).ok).toBe(false);
  });
});

describe('readSignedChange', () => {
  it('takes signed decimals with at most 2 places, not 0', () => {
    expect(readSignedChange('-2.5')).toBe(-2.5);
    expect(readSignedChange('10')).toBe(10);
    expect(readSignedChange('0')).toBeNull();
    expect(readSignedChange('1.005')).toBeNull();
    expect(readSignedChange('')).toBeNull();
  });
});

describe('toPaise', () => {
  it('rounds a wire rupee number to whole paise', () => {
    expect(toPaise(0.29)).toBe(29);
    expect(toPaise(1638.88)).toBe(163888);
  });
});

describe('problemsOf', () => {
  it('lists every message, by line number, the rest last', () => {
    const problems = problemsOf({ errors: { 'line 10': ['b'], file: ['c'], 'line 3': ['a', 'a2'] } });
    expect(problems.map((p) => [p.line, p.message])).toEqual([
      [3, 'a'],
      [3, 'a2'],
      [10, 'b'],
      [null, 'c'],
    ]);
  });
});
