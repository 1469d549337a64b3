import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { staffSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /staff: a store its own staff, newest first.
export type StaffQuery = { search?: string; store_id?: number };

export const staffQueryOptions = (query: StaffQuery = {}) =>
  infiniteQueryOptions({
    queryKey: ['staff', 'list', query],
    queryFn: ({ pageParam, signal }) => api.getList('/staff', { query: { limit: 50, ...query, cursor: pageParam }, signal, schema: z.array(staffSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useStaff = (query?: StaffQuery) => useInfiniteQuery(staffQueryOptions(query));
