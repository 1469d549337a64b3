import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citySchema, type City } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /cities (public): the sign-up forms' city choice. (features/catalog has its own for
// the admin's screens: features do not import each other.)

const citiesSchema = z.array(citySchema);

export function getCities(signal?: AbortSignal): Promise<City[]> {
  return api.get<City[]>('/cities', { auth: false, schema: citiesSchema, signal });
}

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'cities'],
    queryFn: ({ signal }) => getCities(signal),
    staleTime: 60 * 60_000,
  });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
