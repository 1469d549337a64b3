import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Material, UpdateMaterialBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// PATCH /materials/{id} (admin): rename, or change default rates.

export function updateMaterial({ id, body }: { id: number; body: UpdateMaterialBody }): Promise<Material> {
  return api.patch<Material>(`/materials/${id}`, body);
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMaterial, onSuccess: () => invalidateCatalog(queryClient) });
}
