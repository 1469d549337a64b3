import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// POST /materials/{id}/retire (admin): it stays on old orders, leaves the lists for new ones.

export function retireMaterial(id: number): Promise<unknown> {
  return api.post(`/materials/${id}/retire`);
}

export function useRetireMaterial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retireMaterial, onSuccess: () => invalidateCatalog(queryClient) });
}
