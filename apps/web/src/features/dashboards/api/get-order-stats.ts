import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChartGroup, ChartMetric } from '@app/shared/constants';
import { orderStatsSchema, type OrderStats } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

/** GET /orders/stats: chart buckets of the orders the caller may see (gaps are 0). */
export type OrderStatsQuery = { group: ChartGroup; metric: ChartMetric; since: string };

export function getOrderStats(query: OrderStatsQuery, signal?: AbortSignal): Promise<OrderStats> {
  return api.get('/orders/stats', { query, signal, schema: orderStatsSchema });
}

export const orderStatsQueryOptions = (query: OrderStatsQuery) =>
  queryOptions({ queryKey: ['dashboards', 'stats', query], queryFn: ({ signal }) => getOrderStats(query, signal), staleTime: 60_000 });

export function useOrderStats(query: OrderStatsQuery) {
  return useQuery({ ...orderStatsQueryOptions(query), placeholderData: keepPreviousData });
}
