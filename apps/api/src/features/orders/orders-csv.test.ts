import { describe, expect, it } from 'vitest';
import { csvField, ordersCsv } from './orders-csv';

describe('the orders CSV', () => {
  it('quotes what must be quoted and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Sharma, Sons')).toBe('"Sharma, Sons"');
    expect(csvField('The "best" store')).toBe('"The ""best"" store"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12.5)).toBe('12.5');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+91 98200')).toBe("'+91 98200");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('starts with a byte order mark and the header, and ends lines with CRLF', () => {
    const text = ordersCsv([['#00000001', '2024-05-01T10:00:00+05:30', 'शर्मा Store', 'Pune', 'Completed', 1.5, 930, 37.5]]);
    expect(text).toBe(
      '\uFEFFDisplay number,Created at,Store,City,Status,Total weight (kg),Vendor amount (INR),Driver amount (INR)\r\n' +
        '#00000001,2024-05-01T10:00:00+05:30,शर्मा Store,Pune,Completed,1.5,930,37.5\r\n',
    );
  });
});
