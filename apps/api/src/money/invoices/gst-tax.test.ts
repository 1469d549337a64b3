import { describe, expect, it } from 'vitest';
import { checkGstin, gstinCheckCharacter } from '@app/shared/gst';
import { financialYearOf, invoiceNumber } from './financial-year';
import { taxLine, taxTotals, type TaxLineInput } from './gst-tax';

const line = (taxablePaise: number, gstRateBp: number): TaxLineInput => ({ material: 'Copper', hsnCode: '7404', weightGrams: 1000, ratePaise: taxablePaise, taxablePaise, gstRateBp });

describe('GST per line, worked by hand', () => {
  it('splits 18% into CGST 9% + SGST 9% within a state, each rounded half up to the paisa', () => {
    // 10,000.50 x 9% = 900.045 -> 900.05 (half up), twice; total 10,000.50 + 1,800.10.
    expect(taxLine(line(1_000_050, 1800), true)).toMatchObject({ cgstPaise: 90_005, sgstPaise: 90_005, igstPaise: 0, totalPaise: 1_180_060 });
  });

  it('charges IGST at the full rate across states', () => {
    // 10,000.50 x 18% = 1,800.09.
    expect(taxLine(line(1_000_050, 1800), false)).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 180_009, totalPaise: 1_180_059 });
  });

  it('handles the fractional rates 0.25% and 1.5% and 5% exactly', () => {
    // 123.45 x 0.125% = 0.1543 -> 0.15; x 0.25% = 0.3086 -> 0.31.
    expect(taxLine(line(12_345, 25), true)).toMatchObject({ cgstPaise: 15, sgstPaise: 15 });
    expect(taxLine(line(12_345, 25), false)).toMatchObject({ igstPaise: 31 });
    // 3.33 x 2.5% = 0.08325 -> 0.08; x 5% = 0.1665 -> 0.17.
    expect(taxLine(line(333, 500), true)).toMatchObject({ cgstPaise: 8, sgstPaise: 8, totalPaise: 349 });
    expect(taxLine(line(333, 500), false)).toMatchObject({ igstPaise: 17, totalPaise: 350 });
    // 200.00 x 0.75% = 1.50 exactly.
    expect(taxLine(line(20_000, 150), true)).toMatchObject({ cgstPaise: 150, sgstPaise: 150 });
    expect(taxLine(line(50_000, 0), false)).toMatchObject({ igstPaise: 0, totalPaise: 50_000 });
  });

  it('totals are the sums of the rounded lines, never a rounding of sums', () => {
    const lines = [line(5, 1800), line(5, 1800), line(5, 1800)].map((l) => taxLine(l, true));
    // 0.05 x 9% = 0.0045 -> 0.00 per half: the sum of lines is 0, although 9% of 0.15 is 0.0135 -> 0.01.
    expect(taxTotals(lines)).toEqual({ taxablePaise: 15, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 15 });
  });
});

describe('invoice numbers', () => {
  it('run per financial year, April to March in India time', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST on 31 March
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // 00:00 IST on 1 April
    expect(financialYearOf(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
    expect(invoiceNumber('INV', '2025-26', 42)).toBe('INV/2025-26/000042');
  });
});

describe('GSTIN', () => {
  it('checks format, state code and check character', () => {
    expect(checkGstin('27AAPFU0939F1ZV')).toEqual({ ok: true });
    expect(checkGstin('29AAGCB7383J1Z4')).toEqual({ ok: true });
    expect(checkGstin('27AAPFU0939F1ZX').ok).toBe(false);
    expect(checkGstin('99AAPFU0939F1ZV').ok).toBe(false);
    expect(checkGstin('27AAPFU0939F1Z').ok).toBe(false);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });
});
