import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citySchema, type City } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /cities: the city filter of the rate card and the "copy rates from" choice.

export function getCities(signal?: AbortSignal): Promise<City[]> {
  return api.get('/cities', { schema: z.array(citySchema), signal });
}

export const citiesQueryOptions = () => queryOptions({ queryKey: ['catalog', 'cities'], queryFn: ({ signal }) => getCities(signal) });

export function useCities() {
  return useQuery(citiesQueryOptions());
}
