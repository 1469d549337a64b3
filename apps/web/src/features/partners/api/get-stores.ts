import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApprovalStatus } from '@app/shared/constants';
import { storeDetailSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /stores: an admin all, a vendor its own; newest first.
export type StoresQuery = {
  search?: string;
  vendor_id?: number;
  city_id?: number;
  approval_status?: ApprovalStatus;
  unassigned?: boolean;
  limit?: number;
};

export const getStores = (query: StoresQuery, cursor?: string, signal?: AbortSignal) =>
  api.getList('/stores', { query: { limit: 50, ...query, cursor }, signal, schema: z.array(storeDetailSchema) });

export const storesQueryOptions = (query: StoresQuery = {}) =>
  infiniteQueryOptions({
    queryKey: ['stores', 'list', query],
    queryFn: ({ pageParam, signal }) => getStores(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useStores = (query?: StoresQuery) => useInfiniteQuery(storesQueryOptions(query));
