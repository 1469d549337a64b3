import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// POST /materials/{id}/restore (admin): a retired material is back, with the rates it had.

export function restoreMaterial(id: number): Promise<unknown> {
  return api.post(`/materials/${id}/restore`);
}

export function useRestoreMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreMaterial, onSuccess: () => invalidateCatalog(queryClient) });
}
