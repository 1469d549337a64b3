import { ORDER_CSV_COLUMNS } from '@app/shared/schemas/orders';

/**
 * One CSV field: quoted when it holds a comma, quote or line break, quotes doubled
 * (RFC 4180). Text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe: store names are typed by users (OWASP "CSV injection").
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type OrderCsvRow = readonly [string, string, string, string, string, number, number, number];

/** The export's text: a UTF-8 byte order mark (so spreadsheets read Hindi names right), the header, CRLF lines. */
export function ordersCsv(rows: Iterable<OrderCsvRow>): string {
  const lines = [ORDER_CSV_COLUMNS.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
