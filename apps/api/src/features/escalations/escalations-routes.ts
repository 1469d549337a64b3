import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEscalationRequestSchema,
  escalationListQuerySchema,
  escalationSchema,
  updateEscalationRequestSchema,
} from '@app/shared/schemas/escalations';
import { idParamsSchema } from '@app/shared/schemas/partners';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { IDEMPOTENCY_DESCRIPTION, idempotencyHeaders, idempotent } from '../../idempotency/idempotent';
import { createEscalation } from './create-escalation';
import { findEscalation, listEscalations } from './escalations-repository';
import { notificationsRoutes } from './notifications-routes';
import { updateEscalation } from './update-escalation';

const tags = ['escalations'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'No such escalation';

/** Escalations, and the in-app notifications they (and later other features) create. */
export const escalationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationsRoutes);

  app.get(
    '/escalations',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Lists escalations, newest first: an admin all, a store its own, a vendor those that belong to it (its own, and its stores\' opened while the store was its)',
        querystring: escalationListQuerySchema,
        response: { 200: z.array(escalationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await listEscalations(app.db, tenancyOf(authOf(request)), request.query);
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items;
    },
  );

  app.get(
    '/escalations/:id',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'One escalation',
        params: idParamsSchema,
        response: { 200: escalationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const escalation = await findEscalation(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!escalation) throw notFound(NOT_FOUND);
      return escalation;
    },
  );

  app.post(
    '/escalations',
    {
      onRequest: requireAuth({ roles: ['vendor', 'store'] }),
      schema: {
        tags,
        security,
        summary: 'Raises an issue, optionally about one of the caller\'s orders (store or vendor); notifies every admin',
        description: IDEMPOTENCY_DESCRIPTION,
        headers: idempotencyHeaders,
        body: createEscalationRequestSchema,
        response: { 201: escalationSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, {}, async () => {
        const id = await createEscalation(app.db, authOf(request), request.body);
        return { status: 201, body: (await findEscalation(app.db, { kind: 'all' }, id))! };
      }),
  );

  app.patch(
    '/escalations/:id',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Changes an escalation\'s status or resolution (admin); resolving notifies its creator',
        params: idParamsSchema,
        body: updateEscalationRequestSchema,
        response: { 200: escalationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!(await updateEscalation(app.db, request.params.id, request.body))) throw notFound(NOT_FOUND);
      return (await findEscalation(app.db, { kind: 'all' }, request.params.id))!;
    },
  );
};
