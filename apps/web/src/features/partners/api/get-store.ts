import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeDetailSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /stores/{id} (admin, its vendor, or the store itself).
export const storeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['stores', 'detail', id],
    queryFn: ({ signal }) => api.get(`/stores/${id}`, { schema: storeDetailSchema, signal }),
    enabled: id > 0,
  });

export const useStore = (id: number) => useQuery(storeQueryOptions(id));
