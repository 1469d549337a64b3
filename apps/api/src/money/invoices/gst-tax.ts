// Tax of one invoice, in integer paise (design.md section 11): tax rounds to the paisa per
// line (half up), totals are sums of lines. Supplier and recipient in one state: CGST and
// SGST at half the rate each; otherwise IGST at the full rate.

export interface TaxLineInput {
  material: string;
  hsnCode: string | null;
  weightGrams: number;
  ratePaise: number;
  /** The line's vendor amount: the taxable value. */
  taxablePaise: number;
  gstRateBp: number;
}

export interface TaxLine extends TaxLineInput {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** round(value x bp / divisor) half up, in integers: bp is basis points, so divisor 10000 is "percent of". */
function shareOf(valuePaise: number, bp: number, divisor: number): number {
  const numerator = BigInt(valuePaise) * BigInt(bp) * 2n + BigInt(divisor);
  return Number(numerator / (BigInt(divisor) * 2n));
}

export function taxLine(line: TaxLineInput, intraState: boolean): TaxLine {
  const half = intraState ? shareOf(line.taxablePaise, line.gstRateBp, 20_000) : 0;
  const igst = intraState ? 0 : shareOf(line.taxablePaise, line.gstRateBp, 10_000);
  return { ...line, cgstPaise: half, sgstPaise: half, igstPaise: igst, totalPaise: line.taxablePaise + 2 * half + igst };
}

export function taxTotals(lines: readonly TaxLine[]): TaxTotals {
  const totals: TaxTotals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const l of lines) {
    totals.taxablePaise += l.taxablePaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
    totals.totalPaise += l.totalPaise;
  }
  return totals;
}
