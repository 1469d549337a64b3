import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAllResponseSchema } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// PATCH /notifications/{id}/read and POST /notifications/read-all.
export const markNotificationRead = (id: number) => api.patch(`/notifications/${id}/read`);
export const markAllNotificationsRead = () => api.post('/notifications/read-all', undefined, { schema: readAllResponseSchema });

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
