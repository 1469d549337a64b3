import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderStatus } from '@app/shared/order-status';
import { orderSchema } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';

/** GET /orders?status=...: the newest orders in one status (the dashboard's short list). */
export function getOrdersInStatus(status: OrderStatus, limit: number, signal?: AbortSignal) {
  return api.getList('/orders', { query: { status, limit }, signal, schema: z.array(orderSchema) });
}

export const ordersInStatusQueryOptions = (status: OrderStatus, limit = 10) =>
  queryOptions({
    queryKey: ['dashboards', 'orders', status, limit],
    queryFn: ({ signal }) => getOrdersInStatus(status, limit, signal),
    refetchInterval: 60_000,
  });

export function useOrdersInStatus(status: OrderStatus, limit = 10) {
  return useQuery(ordersInStatusQueryOptions(status, limit));
}
