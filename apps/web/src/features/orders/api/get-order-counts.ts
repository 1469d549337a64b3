import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderCountsSchema, type OrderCounts } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { filterQuery, ORDERS_KEY, type OrdersFilter } from './get-orders';

// GET /orders/counts: status -> count, with the list's filters except status.

export function getOrderCounts(filter: Omit<OrdersFilter, 'status'>, signal?: AbortSignal): Promise<OrderCounts> {
  return api.get<OrderCounts>('/orders/counts', { query: filterQuery(filter), schema: orderCountsSchema, signal });
}

export const orderCountsQueryOptions = (filter: Omit<OrdersFilter, 'status'> = {}) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'counts', filterQuery(filter)],
    queryFn: ({ signal }) => getOrderCounts(filter, signal),
  });

export function useOrderCounts(filter: Omit<OrdersFilter, 'status'> = {}) {
  return useQuery(orderCountsQueryOptions(filter));
}
