import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { materialSchema, type Material } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

/** GET /materials: what a driver may put on a weighed line. */
export function getMaterials(signal?: AbortSignal): Promise<Material[]> {
  return api.get('/materials', { signal, schema: z.array(materialSchema) });
}

export const materialsQueryOptions = () =>
  queryOptions({ queryKey: ['driver', 'materials'], queryFn: ({ signal }) => getMaterials(signal), staleTime: 10 * 60_000 });

export function useMaterials() {
  return useQuery(materialsQueryOptions());
}
