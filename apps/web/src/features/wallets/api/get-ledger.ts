import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { LedgerEntry } from '@app/shared/schemas/money';
import { api } from '@/lib/api-client';
import { downloadFile, todayStamp } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

// GET /wallets/transactions: a wallet's ledger entries, newest first, in cursor pages
// (design.md section 10). A vendor or driver omits the id (its own); the admin names one.
// `.csv` exports every entry of the same filter.

export type { LedgerEntry };

export interface LedgerFilter {
  vendor_id?: number;
  driver_id?: number;
}

export function getLedgerPage(filter: LedgerFilter, page: { limit: number; cursor: string | null }, signal?: AbortSignal) {
  return api.getList<LedgerEntry>('/wallets/transactions', {
    query: { ...filter, limit: page.limit, cursor: page.cursor ?? undefined },
    signal,
  });
}

export const ledgerInfiniteQueryOptions = (filter: LedgerFilter = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.wallets.all, 'transactions', { ...filter }, limit] as const,
    queryFn: ({ signal, pageParam }) => getLedgerPage(filter, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The ledger in pages of `limit`, with "load more". */
export function useLedgerPages(filter: LedgerFilter = {}, limit = 25) {
  return useInfiniteQuery(ledgerInfiniteQueryOptions(filter, limit));
}

export function exportLedgerCsv(filter: LedgerFilter = {}) {
  return downloadFile('/wallets/transactions.csv', { query: { ...filter }, fallbackName: `ledger-${todayStamp()}.csv` });
}
