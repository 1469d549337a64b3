import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rateCellUpdateResponseSchema, UpdateRateCellBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

// PUT /rate-card/{city_id}/{material_id}: one city's rates of one material.

export type UpdateRateCellInput = { cityId: number; materialId: number; body: UpdateRateCellBody };

export function updateRateCell({ cityId, materialId, body }: UpdateRateCellInput) {
  return api.put<z.output<typeof rateCellUpdateResponseSchema>>(`/rate-card/${cityId}/${materialId}`, body);
}

export function useUpdateRateCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRateCell,
    onSuccess: () => invalidateCatalog(queryClient),
  });
}
