import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citySchema, type City } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

/** GET /cities (public): city names for the pickups (an order carries its city id). */
export function getCities(signal?: AbortSignal): Promise<City[]> {
  return api.get('/cities', { auth: false, signal, schema: z.array(citySchema) });
}

export const citiesQueryOptions = () =>
  queryOptions({ queryKey: ['driver', 'cities'], queryFn: ({ signal }) => getCities(signal), staleTime: 60 * 60_000 });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
