import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { citySchema, type City } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /cities: the city choices of the partner forms and filters.
export const partnerCitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['partners', 'cities'],
    queryFn: ({ signal }) => api.get<City[]>('/cities', { schema: z.array(citySchema), signal }),
    staleTime: 60 * 60_000,
  });

export const useCities = () => useQuery(partnerCitiesQueryOptions());
