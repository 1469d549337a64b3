import { queryOptions, useQuery } from '@tanstack/react-query';
import { vendorSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /vendors/{id} (admin, or the vendor itself).
export const vendorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['vendors', 'detail', id],
    queryFn: ({ signal }) => api.get(`/vendors/${id}`, { schema: vendorSchema, signal }),
    enabled: id > 0,
  });

export const useVendor = (id: number) => useQuery(vendorQueryOptions(id));
