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

/** Under the wallets root: completions and payouts move these sums. */
export const reconciliationQuery = (query: ReconciliationQuery) =>
  queryOptions({
    queryKey: queryKeys.wallets.reconciliation({ ...query }),
    queryFn: ({ signal }): Promise<Reconciliation> => api.get<Reconciliation>('/reports/reconciliation', { query: { ...query }, signal }),
  });

export const useReconciliation = (query: ReconciliationQuery, enabled = true) => useQuery({ ...reconciliationQuery(query), enabled, placeholderData: keepPreviousData });

export const exportReconciliationCsv = (query: ReconciliationQuery) =>
  downloadFile('/reports/reconciliation.csv', { query: { ...query }, fallbackName: `reconciliation-${query.group}-${query.from}-${query.to}.csv` });
