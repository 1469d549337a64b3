import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { cursorOfLink, LIST_HEADERS } from '@app/shared/link-header';
import type { Statement } from '@app/shared/schemas/money';
import { cursorPages } from '@/data/page';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

// GET /statements/ (+ .csv): a vendor's wallet or a driver's earnings over dates (India
// time, inclusive). A vendor or driver omits the id (its own); the admin names one. Each
// page carries the sums of the whole period and the next entries, oldest first; the CSV
// holds every entry.

export interface StatementQuery {
  vendor_id?: number;
  driver_id?: number;
  from: string;
  to: string;
}

export type { Statement };

/** Entries per page: a statement is read and printed, so pages are long. */
export const STATEMENT_PAGE_SIZE = 100;

export interface StatementPage {
  statement: Statement;
  /** Entries in the whole period (X-Total-Count). */
  total: number | null;
  nextCursor: string | null;
}

export async function getStatementPage(query: StatementQuery, cursor: string | null, signal?: AbortSignal): Promise<StatementPage> {
  const response = await api.request<Statement>('/statements/', { query: { ...query, limit: STATEMENT_PAGE_SIZE, cursor: cursor ?? undefined }, signal });
  const total = response.headers.get(LIST_HEADERS.totalCount);
  return { statement: response.data, total: total === null ? null : Number(total), nextCursor: cursorOfLink(response.headers.get(LIST_HEADERS.link)) };
}

export const statementQueryOptions = (query: StatementQuery) =>
  infiniteQueryOptions({
    // Under the wallets root: a payout or a completion changes statements too.
    queryKey: [...queryKeys.wallets.all, 'statement', { ...query }] as const,
    queryFn: ({ pageParam, signal }) => getStatementPage(query, pageParam, signal),
    ...cursorPages,
  });

export function useStatement(query: StatementQuery, enabled = true) {
  return useInfiniteQuery({ ...statementQueryOptions(query), enabled, placeholderData: keepPreviousData });
}

export function exportStatementCsv(query: StatementQuery) {
  return downloadFile('/statements.csv', { query: { ...query }, fallbackName: `statement-${query.from}-${query.to}.csv` });
}
