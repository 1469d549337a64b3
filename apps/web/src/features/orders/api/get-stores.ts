import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { storeDetailSchema, type StoreDetail } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /stores: the store filter's choices (admin: all, vendor: its own); the first
// LIST_MAX_LIMIT, the search box covers store names beyond them.

export const storesQueryOptions = (vendorId?: number) =>
  queryOptions({
    queryKey: ['orders-catalog', 'stores', vendorId ?? null],
    queryFn: ({ signal }): Promise<StoreDetail[]> =>
      api.get<StoreDetail[]>('/stores', { query: { limit: LIST_MAX_LIMIT, vendor_id: vendorId }, schema: z.array(storeDetailSchema), signal }),
    staleTime: 5 * 60_000,
  });

export function useStores(enabled = true, vendorId?: number) {
  return useQuery({ ...storesQueryOptions(vendorId), enabled });
}
