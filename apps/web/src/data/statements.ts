import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { cursorOfLink, LIST_HEADERS } from '@app/shared/link-header';
import type { Statement } from '@app/shared/schemas/money';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages } from './page';

// Statements: GET /statements/ (+ .csv), a vendor's wallet or a driver's earnings over dates
// (India time, inclusive). A vendor or driver omits the id (its own); the admin names one,
// picked from the parties below. Each page carries the sums of the whole period and the next
// entries, oldest first; the CSV holds every entry.

export interface StatementQuery {
  vendor_id?: number;
  driver_id?: number;
  from: string;
  to: string;
}

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

/** Under the wallets root: a payout or a completion changes statements too. */
export const statementQuery = (query: StatementQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.wallets.statement({ ...query }),
    queryFn: ({ pageParam, signal }) => getStatementPage(query, pageParam, signal),
    ...cursorPages,
  });

export const useStatement = (query: StatementQuery, enabled = true) => useInfiniteQuery({ ...statementQuery(query), enabled, placeholderData: keepPreviousData });

export const exportStatementCsv = (query: StatementQuery) =>
  downloadFile('/statements.csv', { query: { ...query }, fallbackName: `statement-${query.from}-${query.to}.csv` });

/** Whom the admin may pick a statement for. */
export interface Party {
  kind: 'vendor' | 'driver';
  id: number;
  name: string;
}

// Only the fields the picker shows are read.
type VendorChoice = { id: number; company_name: string };
type DriverChoice = { id: number; vehicle_number: string; member: { name: string } | null };

/** GET /vendors and /drivers (admin), up to LIST_MAX_LIMIT each. */
async function getParties(signal?: AbortSignal): Promise<Party[]> {
  const query = { limit: LIST_MAX_LIMIT };
  const [vendors, drivers] = await Promise.all([
    api.get<VendorChoice[]>('/vendors', { query, signal }),
    api.get<DriverChoice[]>('/drivers', { query, signal }),
  ]);
  return [
    ...vendors.map((v): Party => ({ kind: 'vendor', id: v.id, name: v.company_name })),
    ...drivers.map((d): Party => ({ kind: 'driver', id: d.id, name: d.member ? `${d.member.name} · ${d.vehicle_number}` : d.vehicle_number })),
  ];
}

export const partiesQuery = () => queryOptions({ queryKey: queryKeys.statements.parties(), queryFn: ({ signal }) => getParties(signal), staleTime: 5 * 60_000 });

export const useParties = (enabled = true) => useQuery({ ...partiesQuery(), enabled });
