import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Notification, ReadAllResponse } from '@app/shared/schemas/escalations';
import type { InvoiceWaits } from '@app/shared/schemas/invoice-waits';
import type { NotificationPreferences, SETTING_SCHEMAS, SettingKey } from '@app/shared/schemas/settings';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { cursorPages, getPage } from './page';

// Settings (the admin's order rules and documents, each member's notification choices)
// and the member's notifications.

export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
/** `{key, value, updated_at}`, as every settings answer comes. */
interface SettingAnswerOf<V> {
  key: string;
  value: V;
  updated_at: string | null;
}
export type SettingAnswer<K extends SettingKey> = SettingAnswerOf<SettingValue<K>>;

/** GET /settings/{order|information|privacy|terms}: {key, value, updated_at}. */
export const settingQuery = <K extends SettingKey>(key: K) =>
  queryOptions({ queryKey: queryKeys.settings.setting(key), queryFn: ({ signal }) => api.get<SettingAnswer<K>>(`/settings/${key}`, { signal }) });

export const useSetting = <K extends SettingKey>(key: K) => useQuery(settingQuery(key));

/** PUT /settings/{key} (admin): the whole value; the answer replaces the cached one. */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: unknown }) => api.put<SettingAnswer<typeof key>>(`/settings/${key}`, value),
    onSuccess: async (answer, { key }) => {
      queryClient.setQueryData(queryKeys.settings.setting(key), answer);
      // Completing the company information issues the invoices that waited for it.
      if (key === 'information') await queryClient.invalidateQueries({ queryKey: queryKeys.settings.invoiceWaits() });
      return queryClient.invalidateQueries({ queryKey: queryKeys.settings.setting(key) });
    },
  });
}

/** GET /invoices/waiting (admin): completed orders whose invoice waits for Settings -> Information. */
export const invoiceWaitsQuery = () =>
  queryOptions({ queryKey: queryKeys.settings.invoiceWaits(), queryFn: ({ signal }) => api.get<InvoiceWaits>('/invoices/waiting', { signal }) });

type PreferencesAnswer = SettingAnswerOf<NotificationPreferences>;

/** GET /settings/notification/me: the caller's own choices. */
export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: queryKeys.settings.notificationPreferences(), queryFn: ({ signal }) => api.get<PreferencesAnswer>('/settings/notification/me', { signal }) });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: NotificationPreferences) => api.put<PreferencesAnswer>('/settings/notification/me', value),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.settings.notificationPreferences(), answer),
  });
}

/** GET /notifications (?unread=true): newest first. */
export const notificationsQuery = (unread: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list({ unread }),
    queryFn: ({ pageParam, signal }) => getPage<Notification>('/notifications', { unread: unread || undefined, limit: 30, cursor: pageParam }, signal),
    ...cursorPages,
  });

export const useNotifications = (unread = false) => useInfiniteQuery(notificationsQuery(unread));

/** The bell: the newest unread ones and their count (X-Total-Count), polled every minute. */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => getPage<Notification>('/notifications', { unread: true, limit: 5 }, signal),
    refetchInterval: 60_000,
  });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQuery());

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch(`/notifications/${id}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReadAllResponse>('/notifications/read-all', undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
