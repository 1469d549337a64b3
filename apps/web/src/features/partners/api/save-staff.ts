import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffSchema, type CreateStaffRequest, type UpdateStaffRequest } from '@app/shared/schemas/partners';
import { api } from '@/lib/api-client';

// POST /staff/ (a store adds to itself) and PATCH /staff/{id}/.
export const saveStaff = ({ id, body }: { id?: number; body: CreateStaffRequest | UpdateStaffRequest }) =>
  id ? api.patch(`/staff/${id}/`, body, { schema: staffSchema }) : api.post('/staff/', body, { schema: staffSchema });

export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
