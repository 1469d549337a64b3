import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { orderSchema, type Order } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

// GET /orders: the caller's orders, newest first, cursor pages (X-Total-Count, Link).

export interface OrdersFilter {
  status?: readonly string[];
  store_id?: number;
  vendor_id?: number;
  driver_id?: number;
  city_id?: number;
  created_at__gt?: string;
  created_at__lt?: string;
  search?: string;
}

export interface OrdersPage {
  items: Order[];
  total: number | null;
  nextCursor: string | null;
}

const ordersSchema = z.array(orderSchema);

/** Only the keys that carry a value: the query key stays stable and the URL clean. */
export function filterQuery(filter: OrdersFilter): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
    } else query[key] = value as string | number;
  }
  return query;
}

export function getOrders(filter: OrdersFilter, page: { limit?: number; cursor?: string | null } = {}, signal?: AbortSignal): Promise<OrdersPage> {
  return api.getList<Order>('/orders', {
    query: { ...filterQuery(filter), limit: page.limit, cursor: page.cursor ?? undefined },
    schema: ordersSchema,
    signal,
  });
}

/** The root of every orders query: mutations invalidate by it. */
export const ORDERS_KEY = ['orders'] as const;

export const ordersQueryOptions = (filter: OrdersFilter = {}, limit = 50) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filterQuery(filter), limit],
    queryFn: ({ signal }) => getOrders(filter, { limit }, signal),
  });

export function useOrders(filter: OrdersFilter = {}, limit = 50) {
  return useQuery(ordersQueryOptions(filter, limit));
}

export const ordersInfiniteQueryOptions = (filter: OrdersFilter = {}, limit = 25) =>
  infiniteQueryOptions({
    queryKey: [...ORDERS_KEY, 'pages', filterQuery(filter), limit],
    queryFn: ({ signal, pageParam }) => getOrders(filter, { limit, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Pages of orders with "load more"; keeps the previous rows while a new filter loads. */
export function useOrdersPages(filter: OrdersFilter = {}, limit = 25) {
  return useInfiniteQuery({ ...ordersInfiniteQueryOptions(filter, limit), placeholderData: keepPreviousData });
}
