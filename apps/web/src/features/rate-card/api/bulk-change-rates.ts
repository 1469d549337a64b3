import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkRateChangeBody, BulkRateChangeResponse } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// POST /rate-card/bulk (?dry_run=true: what would change, nothing changes).

export type BulkChangeInput = { body: BulkRateChangeBody; dryRun: boolean };

export function bulkChangeRates({ body, dryRun }: BulkChangeInput): Promise<BulkRateChangeResponse> {
  return api.post<BulkRateChangeResponse>('/rate-card/bulk', body, { query: { dry_run: dryRun } });
}

export function useBulkChangeRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeRates,
    onSuccess: async (_answer, input) => {
      if (input.dryRun) return;
      await invalidateCatalog(queryClient);
    },
  });
}
