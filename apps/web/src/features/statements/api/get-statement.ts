import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statementSchema, type Statement } from '@app/shared/schemas/money';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

// GET /statements/ (+ .csv): a vendor's wallet or a driver's earnings over dates (India
// time, inclusive). A vendor or driver omits the id (its own); the admin names one.

export interface StatementQuery {
  vendor_id?: number;
  driver_id?: number;
  from: string;
  to: string;
}

export type { Statement };

export function getStatement(query: StatementQuery, signal?: AbortSignal): Promise<Statement> {
  return api.get('/statements/', { query: { ...query }, signal, schema: statementSchema });
}

export const statementQueryOptions = (query: StatementQuery) =>
  queryOptions({
    // Under the wallets root: a payout or a completion changes statements too.
    queryKey: [...queryKeys.wallets.all, 'statement', { ...query }] as const,
    queryFn: ({ signal }) => getStatement(query, signal),
  });

export function useStatement(query: StatementQuery, enabled = true) {
  return useQuery({ ...statementQueryOptions(query), enabled, placeholderData: keepPreviousData });
}

export function exportStatementCsv(query: StatementQuery) {
  return downloadFile('/statements.csv', { query: { ...query }, fallbackName: `statement-${query.from}-${query.to}.csv` });
}
