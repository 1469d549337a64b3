import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateCellUpdateResponseSchema, type UpdateRateCellBody } from '@app/shared/schemas/catalog';
import { api } from '@/lib/api-client';
import { rateCardQueryOptions } from './get-rate-card';
import { rateHistoryKey } from './get-rate-history';

// PUT /rate-card/{city_id}/{material_id}: one city's rates of one material.

export type UpdateRateCellInput = { cityId: number; materialId: number; body: UpdateRateCellBody };

export function updateRateCell({ cityId, materialId, body }: UpdateRateCellInput) {
  return api.put(`/rate-card/${cityId}/${materialId}`, body, { schema: rateCellUpdateResponseSchema });
}

export function useUpdateRateCell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRateCell,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rateCardQueryOptions().queryKey.slice(0, 1) }),
        queryClient.invalidateQueries({ queryKey: rateHistoryKey }),
      ]),
  });
}
