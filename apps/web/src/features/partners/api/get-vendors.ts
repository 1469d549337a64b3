import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApprovalStatus } from '@app/shared/constants';
import { vendorSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /vendors (admin): pages of vendors, newest first.
export type VendorsQuery = { search?: string; city_id?: number; approval_status?: ApprovalStatus; limit?: number };

export const getVendors = (query: VendorsQuery, cursor?: string, signal?: AbortSignal) =>
  api.getList('/vendors', { query: { limit: 50, ...query, cursor }, signal, schema: z.array(vendorSchema) });

export const vendorsQueryOptions = (query: VendorsQuery = {}) =>
  infiniteQueryOptions({
    queryKey: ['vendors', 'list', query],
    queryFn: ({ pageParam, signal }) => getVendors(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useVendors = (query?: VendorsQuery) => useInfiniteQuery(vendorsQueryOptions(query));

/** Every approved vendor (up to 500): the vendor pickers. */
export const vendorChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['vendors', 'choices'],
    queryFn: ({ signal }) => getVendors({ approval_status: 'approved', limit: 500 }, undefined, signal),
  });

export const useVendorChoices = () => useQuery(vendorChoicesQueryOptions());
