import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { notificationSchema } from '@app/shared/schemas/escalations';
import { api } from '@/lib/api-client';

// GET /notifications (?unread=true): the caller's notifications, newest first.
export const notificationsQueryOptions = (unread: boolean) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list', { unread }],
    queryFn: ({ pageParam, signal }) =>
      api.getList('/notifications', { query: { unread: unread || undefined, limit: 30, cursor: pageParam }, signal, schema: z.array(notificationSchema) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useNotifications = (unread = false) => useInfiniteQuery(notificationsQueryOptions(unread));

/** The bell: the newest unread ones and their count (X-Total-Count), polled every minute. */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: ({ signal }) => api.getList('/notifications', { query: { unread: true, limit: 5 }, signal, schema: z.array(notificationSchema) }),
    refetchInterval: 60_000,
  });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQueryOptions());
