import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT } from '@app/shared/constants';
import { vendorSchema, type Vendor } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /vendors (admin): the vendor filter's choices.

export const vendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['orders-catalog', 'vendors'],
    queryFn: ({ signal }): Promise<Vendor[]> => api.get<Vendor[]>('/vendors', { query: { limit: LIST_MAX_LIMIT }, schema: z.array(vendorSchema), signal }),
    staleTime: 5 * 60_000,
  });

export function useVendors(enabled = true) {
  return useQuery({ ...vendorsQueryOptions(), enabled });
}
