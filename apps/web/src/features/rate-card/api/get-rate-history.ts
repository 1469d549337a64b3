import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateType } from '@app/shared/constants';
import type { RateHistoryResponse } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// GET /rate-card/history: one rate's changes, and the rate in force at a time (`at`).

export type RateHistoryQuery = { city_id: number; material_id: number; rate_type: RateType; at?: string };

export function getRateHistory(query: RateHistoryQuery, signal?: AbortSignal): Promise<RateHistoryResponse> {
  return api.get<RateHistoryResponse>('/rate-card/history', { query, signal });
}

export const rateHistoryQueryOptions = (query: RateHistoryQuery) =>
  queryOptions({ queryKey: queryKeys.catalog.rateHistory(query), queryFn: ({ signal }) => getRateHistory(query, signal) });

export function useRateHistory(query: RateHistoryQuery | null) {
  return useQuery({
    ...rateHistoryQueryOptions(query ?? { city_id: 0, material_id: 0, rate_type: 'vendor' }),
    enabled: query !== null,
  });
}
