import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /orders/{id}/images/{image_id}: the photo needs the bearer token, so it is read as a blob. */
export function getOrderImage(url: string, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(url, { signal, responseType: 'blob' });
}

export const orderImageQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['driver', 'order-image', url],
    queryFn: ({ signal }) => getOrderImage(url, signal),
    // A photo never changes under its id.
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export function useOrderImage(url: string) {
  return useQuery(orderImageQueryOptions(url));
}
