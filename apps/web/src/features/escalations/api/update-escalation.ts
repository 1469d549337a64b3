import { useMutation, useQueryClient } from '@tanstack/react-query';
import { escalationSchema, type UpdateEscalationRequest } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// PATCH /escalations/{id}/ (admin): status and resolution; resolving notifies the creator.
export const updateEscalation = ({ id, body }: { id: number; body: UpdateEscalationRequest }) =>
  api.patch(`/escalations/${id}/`, body, { schema: escalationSchema });

export function useUpdateEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEscalation,
    onSuccess: (escalation) => {
      queryClient.setQueryData(['escalations', 'detail', escalation.id], escalation);
      return queryClient.invalidateQueries({ queryKey: ['escalations'] });
    },
  });
}
