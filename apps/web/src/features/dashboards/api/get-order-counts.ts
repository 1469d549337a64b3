import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderCountsSchema, type OrderCounts } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

/** GET /orders/counts: how many of the caller's orders are in each status. */
export function getOrderCounts(signal?: AbortSignal): Promise<OrderCounts> {
  return api.get('/orders/counts', { signal, schema: orderCountsSchema });
}

export const orderCountsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboards', 'counts'], queryFn: ({ signal }) => getOrderCounts(signal), refetchInterval: 60_000 });

export function useOrderCounts() {
  return useQuery(orderCountsQueryOptions());
}
