import { and, asc, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { pageOf } from '../../http/paging';
import { drivers, vendors } from '../../db/tables/partners.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import type { WalletOwnerType } from '../../money/ledger';
import { entryColumns, type EntryRow } from '../../money/ledger-entry';
import { oneWalletNewestFirst } from '../../money/ledger-pages';

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

/**
 * Each wallet's newest `perWallet` entries, newest first, in one query: per wallet a walk
 * down its index (wallet_id, id) that stops after `perWallet` rows, so the cost follows
 * the page, not the wallets' histories (design.md section 23; ranking every entry of the
 * page's wallets took 473 ms at 1,000,000 orders).
 */
export async function latestEntries(db: DbOrTx, walletIds: readonly number[], perWallet: number): Promise<Map<number, EntryRow[]>> {
  const byWallet = new Map<number, EntryRow[]>();
  if (walletIds.length === 0 || perWallet === 0) return byWallet;
  const walk = oneWalletNewestFirst(wallets.id);
  const newest = db
    .select(entryColumns)
    .from(walletEntries)
    .where(walk.where)
    .orderBy(...walk.orderBy)
    .limit(perWallet)
    .as('newest');
  const rows = await db
    .select({
      id: newest.id,
      walletId: newest.walletId,
      kind: newest.kind,
      orderId: newest.orderId,
      payoutId: newest.payoutId,
      amountPaise: newest.amountPaise,
      balanceAfterPaise: newest.balanceAfterPaise,
      createdAt: newest.createdAt,
    })
    .from(wallets)
    .crossJoinLateral(newest)
    .where(inArray(wallets.id, [...walletIds]))
    .orderBy(asc(newest.walletId), desc(newest.id));
  for (const row of rows) {
    const list = byWallet.get(row.walletId) ?? [];
    list.push(row);
    byWallet.set(row.walletId, list);
  }
  return byWallet;
}
