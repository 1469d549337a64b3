import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Reconciliation, ReconciliationGroup } from '@app/shared/schemas/money';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

// GET /reports/reconciliation (+ .csv), admin: completed orders of the dates grouped by
// city, material or vendor, with the ledger check (design.md section 10).

export interface ReconciliationQuery {
  from: string;
  to: string;
  group: ReconciliationGroup;
}

export type { Reconciliation, ReconciliationGroup };

export function getReconciliation(query: ReconciliationQuery, signal?: AbortSignal): Promise<Reconciliation> {
  return api.get<Reconciliation>('/reports/reconciliation', { query: { ...query }, signal });
}

export const reconciliationQueryOptions = (query: ReconciliationQuery) =>
  queryOptions({
    // Under the wallets root: completions and payouts move these sums.
    queryKey: [...queryKeys.wallets.all, 'reconciliation', { ...query }] as const,
    queryFn: ({ signal }) => getReconciliation(query, signal),
  });

export function useReconciliation(query: ReconciliationQuery, enabled = true) {
  return useQuery({ ...reconciliationQueryOptions(query), enabled, placeholderData: keepPreviousData });
}

export function exportReconciliationCsv(query: ReconciliationQuery) {
  return downloadFile('/reports/reconciliation.csv', { query: { ...query }, fallbackName: `reconciliation-${query.group}-${query.from}-${query.to}.csv` });
}
