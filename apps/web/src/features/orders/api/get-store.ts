import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeDetailSchema, type StoreDetail } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /stores/{id}: the signed-in store's own record (its city for the rate lookup).

export const storeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['orders-catalog', 'store', id],
    queryFn: ({ signal }): Promise<StoreDetail> => api.get<StoreDetail>(`/stores/${id}`, { schema: storeDetailSchema, signal }),
    staleTime: 10 * 60_000,
  });

export function useStore(id: number | null) {
  return useQuery({ ...storeQueryOptions(id ?? 0), enabled: id !== null });
}
