import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// PATCH /members/{id}/reject/ {reason?} (admin): cancelled and signed out everywhere.
export const rejectMember = ({ id, reason }: { id: number; reason?: string }) =>
  api.patch(`/members/${id}/reject/`, reason ? { reason } : {});

export function useRejectMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectMember,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['members'] });
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
      await queryClient.invalidateQueries({ queryKey: ['vendors'] });
    },
  });
}
