import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { escalationSchema, type EscalationStatus } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// GET /escalations: an admin all, a store its own, a vendor its own and its stores'.
export type EscalationsQuery = { status?: EscalationStatus; search?: string; store_id?: number; vendor_id?: number; order_id?: number };

export const escalationsQueryOptions = (query: EscalationsQuery = {}) =>
  infiniteQueryOptions({
    queryKey: ['escalations', 'list', query],
    queryFn: ({ pageParam, signal }) => api.getList('/escalations', { query: { limit: 50, ...query, cursor: pageParam }, signal, schema: z.array(escalationSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useEscalations = (query?: EscalationsQuery) => useInfiniteQuery(escalationsQueryOptions(query));
