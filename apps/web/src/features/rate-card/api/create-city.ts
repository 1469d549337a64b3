import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { City, CreateCityBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// POST /cities (admin): a city with a rate for every material and rate type.

export function createCity(body: CreateCityBody): Promise<City> {
  return api.post<City>('/cities', body);
}

export function useCreateCity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
