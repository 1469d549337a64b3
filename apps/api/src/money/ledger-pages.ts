import { and, asc, desc, eq, gt, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { walletEntrySums } from '../db/tables/money-rollups.table';
import { walletEntries, wallets } from '../db/tables/wallets.table';
import { pageOf, type Page } from '../http/paging';
import type { LedgerOwner } from './ledger-owner';
import { entryColumns, type EntryRow } from './ledger-entry';

/** The owner's wallet id; null before its first entry (an empty ledger). */
export async function walletIdOf(db: DbOrTx, owner: LedgerOwner): Promise<number | null> {
  const [row] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.ownerType, owner.type), eq(wallets.ownerId, owner.id)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * One wallet's entries newest first, down its index (wallet_id, id). The wallet is named as
 * a range of one (>= and <=) and the order includes it, not `wallet_id = x ... order by id`:
 * with `=` the planner drops wallet_id from the order and may walk the primary key backwards
 * instead, passing every other wallet's newer entries (at 1,000,000 orders 17,860 buffers
 * for the 20 vendors' newest 100, against 1,000 down this index; for a wallet idle since
 * long ago, the whole ledger). `wallet` is an id or a column of an outer (lateral) query.
 */
export function oneWalletNewestFirst(wallet: number | AnyColumn): { where: SQL; orderBy: SQL[] } {
  return {
    where: and(gte(walletEntries.walletId, wallet), lte(walletEntries.walletId, wallet))!,
    orderBy: [desc(walletEntries.walletId), desc(walletEntries.id)],
  };
}

/** Entries below `beforeId`, newest first (the wallet index serves it). */
export function entriesBelow(db: DbOrTx, walletId: number, beforeId: number | null, limit: number): Promise<EntryRow[]> {
  const walk = oneWalletNewestFirst(walletId);
  return db
    .select(entryColumns)
    .from(walletEntries)
    .where(and(walk.where, beforeId === null ? undefined : lt(walletEntries.id, beforeId)))
    .orderBy(...walk.orderBy)
    .limit(limit);
}

/**
 * How many entries a ledger holds (X-Total-Count of its pages and its CSV): the kept counts
 * of migration 0015, at most one row per kind, never a count of the entries themselves
 * (design.md section 23: a driver's ledger runs to hundreds of thousands).
 */
export async function ledgerCount(db: DbOrTx, walletId: number | null): Promise<number> {
  if (walletId === null) return 0;
  const [total] = await db
    .select({ n: sql<string | null>`sum(${walletEntrySums.entryCount})` })
    .from(walletEntrySums)
    .where(eq(walletEntrySums.walletId, walletId));
  return Number(total?.n ?? 0);
}

export async function ledgerPage(db: DbOrTx, walletId: number | null, { limit, cursor }: { limit: number; cursor: number | null }) {
  if (walletId === null) return { items: [] as EntryRow[], nextCursor: null, total: 0 };
  const [rows, total] = await Promise.all([entriesBelow(db, walletId, cursor, limit + 1), ledgerCount(db, walletId)]);
  return { ...pageOf(rows, limit, (r) => r.id), total };
}

/** Rows per round trip of the CSV export: memory stays flat whatever the ledger's length. */
export const LEDGER_EXPORT_BATCH = 2000;

/** Keyset batches: each fetch starts past the last row of the one before, until a short one. */
async function* keysetBatches(fetch: (cursor: number | null) => Promise<EntryRow[]>): AsyncGenerator<EntryRow[]> {
  let cursor: number | null = null;
  for (;;) {
    const rows = await fetch(cursor);
    if (rows.length > 0) yield rows;
    if (rows.length < LEDGER_EXPORT_BATCH) return;
    cursor = rows[rows.length - 1]!.id;
  }
}

/** Every entry, newest first, in keyset batches. */
export async function* ledgerBatches(db: DbOrTx, walletId: number | null): AsyncGenerator<EntryRow[]> {
  if (walletId === null) return;
  yield* keysetBatches((before) => entriesBelow(db, walletId, before, LEDGER_EXPORT_BATCH));
}

/**
 * A period of one ledger (a statement's): entries created in [start, end), whose ids all lie
 * in [firstId, lastId], the smallest and largest ids of the period's days by created_at
 * (the kept day sums). The id bounds let the wallet index start at the period's first entry
 * and stop at its last instead of walking the ledger's whole history on every page, and
 * keep a page to what the period's sums counted even while new entries arrive.
 */
export interface LedgerPeriod {
  walletId: number;
  start: Date | null;
  end: Date;
  firstId: number;
  lastId: number;
}

/** The period's entries above `afterId`, oldest first (as a statement reads). */
export function periodEntriesAbove(db: DbOrTx, period: LedgerPeriod, afterId: number | null, limit: number): Promise<EntryRow[]> {
  const from = Math.max(afterId ?? 0, period.firstId - 1);
  return db
    .select(entryColumns)
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.walletId, period.walletId),
        gt(walletEntries.id, from),
        lte(walletEntries.id, period.lastId),
        // Ids and times mostly agree, not always (a transaction across midnight, the demo's
        // backdated history): the period is its days, the ids only bound the walk. An entry
        // created inside the period lies within the bounds whatever its id; one between them
        // created outside is passed over here, as X-Total-Count (its days' count) leaves it out.
        period.start ? gte(walletEntries.createdAt, period.start) : undefined,
        lt(walletEntries.createdAt, period.end),
      ),
    )
    .orderBy(asc(walletEntries.id))
    .limit(limit);
}

/** One page of a period, oldest first; the cursor is the last entry's id of the page before. Null: an empty period. */
export async function periodPage(db: DbOrTx, period: LedgerPeriod | null, { limit, cursor }: { limit: number; cursor: number | null }): Promise<Page<EntryRow>> {
  if (period === null) return { items: [], nextCursor: null };
  return pageOf(await periodEntriesAbove(db, period, cursor, limit + 1), limit, (r) => r.id);
}

/** Every entry of a period, oldest first, in keyset batches. */
export async function* periodBatches(db: DbOrTx, period: LedgerPeriod | null): AsyncGenerator<EntryRow[]> {
  if (period === null) return;
  yield* keysetBatches((after) => periodEntriesAbove(db, period, after, LEDGER_EXPORT_BATCH));
}
