import { describe, expect, it } from 'vitest';
import { csvField, formatCsv, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads records with the line each starts on, skipping blank lines', () => {
    const result = parseCsv('a,b\r\n1,2\n\n3,4\n');
    expect(result).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['1', '2'] },
        { line: 4, fields: ['3', '4'] },
      ],
    });
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const result = parseCsv('"Delhi, NCR","say ""hi""","two\nlines"\nnext,row');
    expect(result).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['Delhi, NCR', 'say "hi"', 'two\nlines'] },
        { line: 3, fields: ['next', 'row'] },
      ],
    });
  });

  it('drops a byte-order mark and keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,,c')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', '', 'c'] }] });
    expect(parseCsv('""')).toEqual({ ok: true, records: [{ line: 1, fields: [''] }] });
  });

  it('names the line of broken quoting', () => {
    expect(parseCsv('a,b\n"open,c\nmore')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a,b\nx,"q"z')).toMatchObject({ ok: false, line: 2 });
    expect(parseCsv('a,b\nx,y"z"')).toMatchObject({ ok: false, line: 2 });
  });
});

describe('formatCsv', () => {
  it('quotes only what needs it and ends lines with CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(formatCsv([['a', 1.5], ['b,c', 2]])).toBe('a,1.5\r\n"b,c",2\r\n');
  });

  it('round-trips through parseCsv', () => {
    const rows = [['state', 'city'], ['Tamil Nadu', 'Chennai, "North"'], ['x', 'multi\nline']];
    const parsed = parseCsv(formatCsv(rows));
    expect(parsed.ok && parsed.records.map((r) => r.fields)).toEqual(rows);
  });
});
