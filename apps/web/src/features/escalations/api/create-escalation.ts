import { useMutation, useQueryClient } from '@tanstack/react-query';
import { escalationSchema, type CreateEscalationRequest } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// POST /escalations/ (store or vendor): every admin is notified.
export const createEscalation = (body: CreateEscalationRequest) => api.post('/escalations/', body, { schema: escalationSchema });

export function useCreateEscalation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEscalation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['escalations'] }),
  });
}
