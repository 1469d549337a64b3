import type { DbOrTx } from '../../db/database';
import type { DayRange } from '../../money/day-range';
import { newestEntryId } from '../../money/ledger-pages';
import { statementSums, type StatementSums } from './statement-sums';

/** Statements whose sums one process keeps, the least recently asked for going first. */
const KEPT = 500;

export type SumsOf = (db: DbOrTx, walletId: number, range: DayRange) => Promise<StatementSums>;

/**
 * Every page of a statement carries the sums of its whole period, and they cost a pass over
 * the wallet's entries: paging through a year of 100,000 entries would repeat that pass on
 * each of its pages. A ledger is only ever appended to, one wallet's entries in id order
 * (each under its wallet's lock until it commits), so while a wallet's newest entry stays
 * the same, so do the sums of every period of it. They are kept under that id: one index
 * probe tells whether they still hold, and any new entry makes the next request sum afresh.
 * One memo per app, since ids mean nothing outside their database.
 */
export function statementSumsMemo(): SumsOf {
  const kept = new Map<string, StatementSums>();
  return async (db, walletId, range) => {
    const key = `${walletId}|${range.start?.toISOString() ?? ''}|${range.end.toISOString()}|${await newestEntryId(db, walletId)}`;
    const hit = kept.get(key);
    kept.delete(key);
    const sums = hit ?? (await statementSums(db, walletId, range));
    kept.set(key, sums);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return sums;
  };
}
