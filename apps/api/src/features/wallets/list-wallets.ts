import { paiseToRupees } from '@app/shared/money';
import type { WalletTransaction } from '@app/shared/schemas/wallets';
import type { DbOrTx } from '../../db/database';
import { cursorId } from '../../http/paging';
import { toLedgerEntry } from '../../money/ledger-entry';
import { latestEntries, pageOwners, walletsOf, type WalletOwnerType } from './wallets-repository';

export interface WalletPageQuery {
  /** The one owner to show (a vendor's or driver's own; an admin's filter); undefined: all. */
  onlyId?: number | undefined;
  limit: number;
  cursor?: string | undefined;
  transactionsLimit: number;
}

export interface WalletPage {
  wallets: Array<{ ownerId: number; balance: number; available: number; transactions: WalletTransaction[] }>;
  total: number;
  nextCursor: string | null;
}

/** Wallets of vendors or drivers with their newest transactions; rupees from integer paise. */
export async function listWallets(db: DbOrTx, type: WalletOwnerType, query: WalletPageQuery): Promise<WalletPage> {
  const page = await pageOwners(db, type, { onlyId: query.onlyId, limit: query.limit, cursor: cursorId(query.cursor) ?? undefined });
  const walletByOwner = await walletsOf(db, type, page.ids);
  const entries = await latestEntries(db, [...walletByOwner.values()].map((w) => w.id), query.transactionsLimit);
  return {
    total: page.total,
    nextCursor: page.nextCursor,
    wallets: page.ids.map((ownerId) => {
      const wallet = walletByOwner.get(ownerId);
      return {
        ownerId,
        balance: paiseToRupees(wallet?.balancePaise ?? 0),
        available: paiseToRupees((wallet?.balancePaise ?? 0) - (wallet?.requestedPaise ?? 0)),
        transactions: (wallet ? (entries.get(wallet.id) ?? []) : []).map(toLedgerEntry),
      };
    }),
  };
}
