import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApprovalStatus } from '@app/shared/constants';
import { driverSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /drivers (admin), newest first.
export type DriversQuery = { search?: string; city_id?: number; approval_status?: ApprovalStatus };

export const driversQueryOptions = (query: DriversQuery = {}) =>
  infiniteQueryOptions({
    queryKey: ['drivers', 'list', query],
    queryFn: ({ pageParam, signal }) => api.getList('/drivers', { query: { limit: 50, ...query, cursor: pageParam }, signal, schema: z.array(driverSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useDrivers = (query?: DriversQuery) => useInfiniteQuery(driversQueryOptions(query));
