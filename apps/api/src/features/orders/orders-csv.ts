import { ORDER_CSV_COLUMNS } from '@app/shared/schemas/orders';
import { csvField as field, csvLine } from '../../http/csv-stream';

/** One CSV field of the orders export (formulas guarded: store names are typed by users). */
export const csvField = (value: string | number): string => field(value);

export type OrderCsvRow = readonly [string, string, string, string, string, number, number, number];

/** The export's text at once (tests and small files): the same bytes the streamed export writes. */
export function ordersCsv(rows: Iterable<OrderCsvRow>): string {
  let text = `\uFEFF${csvLine(ORDER_CSV_COLUMNS)}`;
  for (const row of rows) text += csvLine(row);
  return text;
}
