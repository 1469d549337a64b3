import { RATE_CSV_COLUMNS } from '@app/shared/schemas/catalog';
import type { DbOrTx } from '../../db/database';
import { formatCsv } from './csv';
import { loadRateCard, type RateCardFilter } from './rate-card-query';

/**
 * The rate card as CSV, one line per city and active material, in the columns the import
 * reads: an exported file edited in a spreadsheet imports back unchanged.
 */
export async function exportRateCard(db: DbOrTx, filter: RateCardFilter): Promise<string> {
  const { rows } = await loadRateCard(db, filter);
  const lines: Array<Array<string | number>> = [[...RATE_CSV_COLUMNS]];
  for (const row of rows) {
    for (const r of row.rates) {
      lines.push([row.state.name, row.city.name, r.material.name, r.vendor.rate, r.driver.rate, r.b2c.rate]);
    }
  }
  return formatCsv(lines);
}
