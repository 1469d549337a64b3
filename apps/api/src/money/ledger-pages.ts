import { and, count, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { walletEntries, wallets } from '../db/tables/wallets.table';
import { pageOf } from '../http/paging';
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

/** Entries below `beforeId`, newest first (the wallet index serves it). */
export function entriesBelow(db: DbOrTx, walletId: number, beforeId: number | null, limit: number): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(walletEntries)
    .where(and(eq(walletEntries.walletId, walletId), beforeId === null ? undefined : lt(walletEntries.id, beforeId)))
    .orderBy(desc(walletEntries.id))
    .limit(limit);
}

/** How many entries a ledger holds (X-Total-Count of its pages and its CSV). */
export async function ledgerCount(db: DbOrTx, walletId: number | null): Promise<number> {
  if (walletId === null) return 0;
  const [total] = await db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.walletId, walletId));
  return total?.n ?? 0;
}

export async function ledgerPage(db: DbOrTx, walletId: number | null, { limit, cursor }: { limit: number; cursor: number | null }) {
  if (walletId === null) return { items: [] as EntryRow[], nextCursor: null, total: 0 };
  const [rows, total] = await Promise.all([entriesBelow(db, walletId, cursor, limit + 1), ledgerCount(db, walletId)]);
  return { ...pageOf(rows, limit, (r) => r.id), total };
}

/** Rows per round trip of the CSV export: memory stays flat whatever the ledger's length. */
export const LEDGER_EXPORT_BATCH = 2000;

/** Every entry, newest first, in keyset batches. */
export async function* ledgerBatches(db: DbOrTx, walletId: number | null): AsyncGenerator<EntryRow[]> {
  if (walletId === null) return;
  let before: number | null = null;
  for (;;) {
    const rows = await entriesBelow(db, walletId, before, LEDGER_EXPORT_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < LEDGER_EXPORT_BATCH) return;
    before = rows[rows.length - 1]!.id;
  }
}
