import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@app/shared/messages';
import { notificationListQuerySchema, notificationSchema, readAllResponseSchema } from '@app/shared/schemas/escalations';
import { bigIdParamsSchema } from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { listNotifications, markAllRead, markRead } from './notifications-repository';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** Every signed-in member's own in-app notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      onRequest: requireAuth(),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'The caller\'s notifications, newest first; ?unread=true for unread ones only',
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listNotifications(app.db, authOf(request).memberId, request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Marks one of the caller\'s notifications read',
        params: bigIdParamsSchema,
        response: { 200: notificationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const notification = await markRead(app.db, authOf(request).memberId, request.params.id);
      if (!notification) throw notFound('No such notification');
      return notification;
    },
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Marks all of the caller\'s notifications read',
        response: { 200: readAllResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ detail: MESSAGES.updateSuccess, updated: await markAllRead(app.db, authOf(request).memberId) }),
  );
};
