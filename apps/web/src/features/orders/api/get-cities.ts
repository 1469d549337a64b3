import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citySchema, type City } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /cities: the city filter's choices.

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['orders-catalog', 'cities'],
    queryFn: ({ signal }): Promise<City[]> => api.get<City[]>('/cities', { schema: z.array(citySchema), signal }),
    staleTime: 60 * 60_000,
  });

export function useCities(enabled = true) {
  return useQuery({ ...citiesQueryOptions(), enabled });
}
