import { formatOrderNumber } from '@app/shared/format';
import { istIsoTime } from '@app/shared/india-time';
import type { CsvValue } from '../../http/csv-stream';
import { toLedgerEntry, type EntryRow } from '../../money/ledger-entry';
import type { StatementHead } from './statement';

// Orders by their display number (#00000042), as every screen and the orders export name
// them: people look a statement line up by that number, not by the internal id.
export const STATEMENT_CSV_COLUMNS = ['date', 'kind', 'order', 'payout_id', 'amount', 'balance_after'] as const;

function entryLine(row: EntryRow): CsvValue[] {
  const e = toLedgerEntry(row);
  return [istIsoTime(row.createdAt), e.kind, e.order_id === null ? null : formatOrderNumber(e.order_id), e.payout_id, e.amount, e.balance_after];
}

/** The opening balance line, each batch of entries as it comes, then the closing balance line. */
export async function* statementCsvRows({ summary: s }: StatementHead, batches: AsyncIterable<EntryRow[]>): AsyncGenerator<CsvValue[][]> {
  yield [[s.from ?? '', 'opening_balance', null, null, null, s.opening_balance]];
  for await (const batch of batches) yield batch.map(entryLine);
  yield [[s.to, 'closing_balance', null, null, null, s.closing_balance]];
}
