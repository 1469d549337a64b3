import { useMutation, useQueryClient } from '@tanstack/react-query';
import { citySchema, type City, type CreateCityBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { citiesQueryOptions } from './get-cities';
import { rateCardQueryOptions } from './get-rate-card';

// POST /cities (admin): a city with a rate for every material and rate type.

export function createCity(body: CreateCityBody): Promise<City> {
  return api.post('/cities', body, { schema: citySchema });
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rateCardQueryOptions().queryKey.slice(0, 1) }),
        queryClient.invalidateQueries({ queryKey: citiesQueryOptions().queryKey }),
      ]),
  });
}
