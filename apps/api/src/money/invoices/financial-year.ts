import { istDate, istDay } from '@app/shared/india-time';

// India's financial year runs April to March: 2025-04-01 to 2026-03-31 is "2025-26".

export function financialYearOf(instant: Date): string {
  const { year, month } = istDate(instant);
  const start = month >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `{prefix}/{YYYY-YY}/{000001}` (design.md section 11). */
export const invoiceNumber = (prefix: string, financialYear: string, sequence: number): string =>
  `${prefix}/${financialYear}/${String(sequence).padStart(6, '0')}`;

export { istDay };
