import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationPreferencesSchema, settingResponseSchema, type NotificationPreferences } from '@app/shared/schemas/settings';
import { api } from '@/lib/api-client';

// GET and PUT /settings/notification/me: the caller's own choices.
const answerSchema = settingResponseSchema(notificationPreferencesSchema);

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'notification', 'me'],
    queryFn: ({ signal }) => api.get('/settings/notification/me', { schema: answerSchema, signal }),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

export const saveNotificationPreferences = (value: NotificationPreferences) => api.put('/settings/notification/me', value, { schema: answerSchema });

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(notificationPreferencesQueryOptions().queryKey, answer),
  });
}
