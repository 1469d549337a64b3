import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMaterialBody, Material } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// POST /materials (admin).

export function createMaterial(body: CreateMaterialBody): Promise<Material> {
  return api.post<Material>('/materials', body);
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createMaterial, onSuccess: () => invalidateCatalog(queryClient) });
}
