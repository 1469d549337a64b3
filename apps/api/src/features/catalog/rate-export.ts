import { RATE_CSV_COLUMNS } from '@app/shared/schemas/catalog';
import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/database';
import { csvStreamOf, type CsvValue } from '../../http/csv-stream';
import { loadRateCard, type RateCardFilter } from './rate-card-query';

/**
 * The rate card as CSV, one line per city and active material, in the columns the import
 * reads: an exported file edited in a spreadsheet imports back unchanged (so no byte order
 * mark and no formula guard, which the import would read as part of a name). Bounded by
 * cities x materials, so it is built from one query and written by the shared CSV writer.
 */
export async function exportRateCard(db: DbOrTx, filter: RateCardFilter): Promise<{ stream: Readable; rows: number }> {
  const { rows } = await loadRateCard(db, filter);
  const lines: CsvValue[][] = [];
  for (const row of rows) {
    for (const r of row.rates) {
      lines.push([row.state.name, row.city.name, r.material.name, r.vendor.rate, r.driver.rate, r.b2c.rate]);
    }
  }
  return { stream: csvStreamOf(RATE_CSV_COLUMNS, lines, { guardFormulas: false }), rows: lines.length };
}
