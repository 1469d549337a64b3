import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('keeps formulas from running in a spreadsheet', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-5')).toBe("'-5");
  });

  it('writes numbers as they are, and nothing for empty values', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
    expect(toCsv(['id', 'amount'], [[1, 10.5], [2, null]])).toBe('id,amount\r\n1,10.5\r\n2,\r\n');
  });
});
