import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// PATCH /members/{id}/approve/ (admin); a store may get its vendor at the same time.
export const approveMember = ({ id, vendorId }: { id: number; vendorId?: number }) =>
  api.patch(`/members/${id}/approve/`, vendorId ? { vendor_id: vendorId } : {});

export function useApproveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveMember,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
      await queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
  });
}
