import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { materialSchema, type Material } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';

// GET /materials (?include_retired=true: the admin's list, retired ones with retired_at).

export function getMaterials(includeRetired: boolean, signal?: AbortSignal): Promise<Material[]> {
  return api.get('/materials', { query: { include_retired: includeRetired }, schema: z.array(materialSchema), signal });
}

export const materialsQueryOptions = (includeRetired = false) =>
  queryOptions({
    queryKey: ['materials', { include_retired: includeRetired }],
    queryFn: ({ signal }) => getMaterials(includeRetired, signal),
  });

export function useMaterials(includeRetired = false) {
  return useQuery(materialsQueryOptions(includeRetired));
}
