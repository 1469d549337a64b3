import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverSchema } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// GET /drivers/{id} (admin, or the driver itself).
export const driverQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['drivers', 'detail', id],
    queryFn: ({ signal }) => api.get(`/drivers/${id}`, { schema: driverSchema, signal }),
  });

export const useDriver = (id: number) => useQuery(driverQueryOptions(id));
