import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ORDERS_KEY } from './get-orders';

// GET /orders/{id}/images/{image_id}: the photo needs the bearer header, so it is fetched
// as a blob through the API client; the component shows it through an object URL.

export function getOrderImage(orderId: number, imageId: number, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`/orders/${orderId}/images/${imageId}`, { responseType: 'blob', headers: { accept: 'image/*' }, signal });
}

export const orderImageQueryOptions = (orderId: number, imageId: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'image', orderId, imageId],
    queryFn: ({ signal }) => getOrderImage(orderId, imageId, signal),
    // Photos never change under their id.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

export function useOrderImage(orderId: number, imageId: number) {
  return useQuery(orderImageQueryOptions(orderId, imageId));
}
