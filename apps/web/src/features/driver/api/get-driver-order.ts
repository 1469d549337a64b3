import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailSchema, type OrderDetail } from '@app/shared/schemas/orders';
import { api } from '@/lib/api-client';
import { driverOrdersKey } from './get-driver-orders';

/** GET /orders/{id}/: one order with its history and photos. */
export function getDriverOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get(`/orders/${id}/`, { signal, schema: orderDetailSchema });
}

export const driverOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...driverOrdersKey, 'detail', id],
    queryFn: ({ signal }) => getDriverOrder(id, signal),
    refetchInterval: 20_000,
  });

export function useDriverOrder(id: number | null) {
  return useQuery({ ...driverOrderQueryOptions(id ?? 0), enabled: id !== null });
}
