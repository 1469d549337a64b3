import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { materialSchema, type Material } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /materials: the materials in use, by name, with their default rates.

const materialsSchema = z.array(materialSchema);

export function getMaterials(signal?: AbortSignal): Promise<Material[]> {
  return api.get<Material[]>('/materials', { schema: materialsSchema, signal });
}

export const materialsQueryOptions = () =>
  queryOptions({
    queryKey: ['orders-catalog', 'materials'],
    queryFn: ({ signal }) => getMaterials(signal),
    staleTime: 10 * 60_000,
  });

export function useMaterials() {
  return useQuery(materialsQueryOptions());
}
