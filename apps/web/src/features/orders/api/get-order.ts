import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { ORDERS_KEY } from './get-orders';

// GET /orders/{id}/: one order with its history (oldest first) and its photos.

export function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get<OrderDetail>(`/orders/${id}/`, { schema: orderDetailSchema, signal });
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });
}
