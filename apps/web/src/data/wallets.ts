import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LedgerEntry } from '@app/shared/schemas/money';
import type { DriverEarnings, VendorWallet } from '@app/shared/schemas/wallets';
import { api } from '@/lib/api-client';
import { downloadFile, todayStamp } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage } from './page';

// Wallets (design.md section 10): GET /wallets/ and /wallets/driver-earnings, the balance and
// what is `available` (the balance minus payouts still requested), and GET
// /wallets/transactions, the ledger entries newest first in cursor pages (`.csv` exports
// every entry of the same filter). A vendor or driver omits the id (its own); the admin
// names one. Every key sits under the wallets root: a completion or a payout moves them all.

export type WalletParty = 'vendor' | 'driver';

/** One wallet, vendor's or driver's, as these screens need it. */
export interface WalletSummary {
  party: WalletParty;
  /** The vendor's or driver's id. */
  ownerId: number;
  balance: number;
  available: number;
}

/** The balances only: the entries page through the ledger below. */
export async function getWallet(party: WalletParty, signal?: AbortSignal): Promise<WalletSummary | null> {
  const query = { transactions_limit: 0 };
  if (party === 'vendor') {
    const [wallet] = await api.get<VendorWallet[]>('/wallets/', { query, signal });
    return wallet ? { party, ownerId: wallet.vendor_id, balance: wallet.balance, available: wallet.available } : null;
  }
  const [wallet] = await api.get<DriverEarnings[]>('/wallets/driver-earnings', { query, signal });
  return wallet ? { party, ownerId: wallet.driver_id, balance: wallet.balance, available: wallet.available } : null;
}

export const walletQuery = (party: WalletParty) => queryOptions({ queryKey: queryKeys.wallets.summary(party), queryFn: ({ signal }) => getWallet(party, signal) });

/** The signed-in vendor's wallet or driver's earnings (null before the first credit). */
export const useWallet = (party: WalletParty) => useQuery(walletQuery(party));

export type WalletsQuery = { transactions_limit?: number };

/** GET /wallets/ as the API answers it (the vendor home's balance tile). */
export const walletsQuery = (query: WalletsQuery = { transactions_limit: 0 }) =>
  queryOptions({ queryKey: queryKeys.wallets.list(query), queryFn: ({ signal }) => api.get<VendorWallet[]>('/wallets/', { query, signal }) });

/** The signed-in vendor's wallet (null before the first credit). */
export const useVendorWallet = (query?: WalletsQuery) => useQuery({ ...walletsQuery(query), select: (wallets) => wallets[0] ?? null });

export interface LedgerFilter {
  vendor_id?: number;
  driver_id?: number;
}

export const ledgerPagesQuery = (filter: LedgerFilter = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: queryKeys.wallets.transactions({ ...filter }, limit),
    queryFn: ({ signal, pageParam }) => getPage<LedgerEntry>('/wallets/transactions', { ...filter, limit, cursor: pageParam }, signal),
    ...cursorPages,
  });

/** The ledger in pages of `limit`, with "load more". */
export const useLedgerPages = (filter: LedgerFilter = {}, limit = 25) => useInfiniteQuery(ledgerPagesQuery(filter, limit));

export const exportLedgerCsv = (filter: LedgerFilter = {}) =>
  downloadFile('/wallets/transactions.csv', { query: { ...filter }, fallbackName: `ledger-${todayStamp()}.csv` });
