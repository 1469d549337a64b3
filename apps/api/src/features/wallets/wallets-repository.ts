import { and, asc, count, desc, eq, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { pageOf } from '../../http/paging';
import { drivers, vendors } from '../../db/tables/partners.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import type { WalletOwnerType } from '../../money/ledger';
import { entryColumns, type EntryRow } from '../../money/ledger-entry';

export type { WalletOwnerType } from '../../money/ledger';

const ownerTable = (type: WalletOwnerType) => (type === 'vendor' ? vendors : drivers);

/** A keyset page of owner ids (vendors or drivers), newest first; an owner with no credit yet still has a wallet of 0. */
export async function pageOwners(
  db: DbOrTx,
  type: WalletOwnerType,
  { onlyId, limit, cursor }: { onlyId?: number | undefined; limit: number; cursor?: number | undefined },
): Promise<{ ids: number[]; total: number; nextCursor: string | null }> {
  const table = ownerTable(type);
  const filter: SQL | undefined = onlyId === undefined ? undefined : eq(table.id, onlyId);
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(filter, cursor === undefined ? undefined : lt(table.id, cursor)))
    .orderBy(desc(table.id))
    .limit(limit + 1);
  const [total] = await db.select({ n: count() }).from(table).where(filter);
  const { items, nextCursor } = pageOf(rows, limit, (r) => r.id);
  return { ids: items.map((r) => r.id), total: total?.n ?? 0, nextCursor };
}

export async function walletsOf(db: DbOrTx, type: WalletOwnerType, ownerIds: readonly number[]) {
  if (ownerIds.length === 0) return new Map<number, { id: number; balancePaise: number; requestedPaise: number }>();
  const rows = await db
    .select({ id: wallets.id, ownerId: wallets.ownerId, balancePaise: wallets.balancePaise, requestedPaise: wallets.requestedPaise })
    .from(wallets)
    .where(and(eq(wallets.ownerType, type), inArray(wallets.ownerId, [...ownerIds])));
  return new Map(rows.map((r) => [r.ownerId, { id: r.id, balancePaise: r.balancePaise, requestedPaise: r.requestedPaise }]));
}

/** Each wallet's newest `perWallet` entries, newest first, in one query. */
export async function latestEntries(db: DbOrTx, walletIds: readonly number[], perWallet: number): Promise<Map<number, EntryRow[]>> {
  const byWallet = new Map<number, EntryRow[]>();
  if (walletIds.length === 0 || perWallet === 0) return byWallet;
  const ranked = db
    .select({
      ...entryColumns,
      rank: sql<number>`row_number() over (partition by ${walletEntries.walletId} order by ${walletEntries.id} desc)`.as('rank'),
    })
    .from(walletEntries)
    .where(inArray(walletEntries.walletId, [...walletIds]))
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      walletId: ranked.walletId,
      kind: ranked.kind,
      orderId: ranked.orderId,
      payoutId: ranked.payoutId,
      amountPaise: ranked.amountPaise,
      balanceAfterPaise: ranked.balanceAfterPaise,
      createdAt: ranked.createdAt,
    })
    .from(ranked)
    .where(lte(ranked.rank, perWallet))
    .orderBy(asc(ranked.walletId), desc(ranked.id));
  for (const row of rows) {
    const list = byWallet.get(row.walletId) ?? [];
    list.push(row);
    byWallet.set(row.walletId, list);
  }
  return byWallet;
}
