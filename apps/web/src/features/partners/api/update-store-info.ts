import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeDetailSchema, type UpdateStoreInfoRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// PATCH /stores/{id}/info (admin, its vendor, or the store itself): name, address, phone.
export const updateStoreInfo = ({ id, body }: { id: number; body: UpdateStoreInfoRequest }) =>
  api.patch(`/stores/${id}/info`, body, { schema: storeDetailSchema });

export function useUpdateStoreInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoreInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stores'] }),
  });
}
