import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import type { RateCardRow } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// GET /rate-card (admin): one row per city with every rate type of every active material.
// The card is read whole (all pages of at most 500 cities), so the table can scroll freely.

export type RateCardFilters = { state_id?: number; city_id?: number; search?: string };

export async function getRateCard(filters: RateCardFilters, signal?: AbortSignal): Promise<{ rows: RateCardRow[]; total: number }> {
  const rows: RateCardRow[] = [];
  let cursor: string | null = null;
  let total: number;
  do {
    const page: { items: RateCardRow[]; total: number | null; nextCursor: string | null } = await api.getList<RateCardRow>('/rate-card', {
      query: { ...filters, limit: LIST_MAX_LIMIT, cursor: cursor ?? undefined },
      signal,
    });
    rows.push(...page.items);
    total = page.total ?? rows.length;
    cursor = page.nextCursor;
  } while (cursor);
  return { rows, total };
}

export const rateCardQueryOptions = (filters: RateCardFilters = {}) =>
  queryOptions({
    queryKey: queryKeys.catalog.rateCard(filters),
    queryFn: ({ signal }) => getRateCard(filters, signal),
  });

export function useRateCard(filters: RateCardFilters, enabled = true) {
  return useQuery({ ...rateCardQueryOptions(filters), placeholderData: keepPreviousData, enabled });
}
