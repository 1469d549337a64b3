import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEscalationRequestSchema, escalationListQuerySchema, escalationSchema, updateEscalationRequestSchema } from '@app/shared/schemas/escalations';
import { resourceRoutes } from '../../http/resource-kit/resource-routes';
import { createEscalation } from './create-escalation';
import { escalationRecords } from './escalations-repository';
import { notificationsRoutes } from './notifications-routes';
import { updateEscalation } from './update-escalation';

const SEEN_BY = ['admin', 'vendor', 'store'] as const;

const escalationRoutes = resourceRoutes({
  path: '/escalations',
  tags: ['escalations'],
  notFound: 'No such escalation',
  item: escalationSchema,
  records: escalationRecords,
  list: {
    roles: SEEN_BY,
    summary: 'Lists escalations, newest first: an admin all, a store its own, a vendor those that belong to it (its own, and its stores\' opened while the store was its)',
    query: escalationListQuerySchema,
  },
  read: { roles: SEEN_BY, summary: 'One escalation' },
  create: {
    roles: ['vendor', 'store'],
    summary: 'Raises an issue, optionally about one of the caller\'s orders (store or vendor); notifies every admin',
    body: createEscalationRequestSchema,
    idempotent: true,
    run: ({ db, auth }, body) => createEscalation(db, auth, body),
  },
  update: {
    roles: ['admin'],
    summary: 'Changes an escalation\'s status or resolution (admin); resolving notifies its creator',
    body: updateEscalationRequestSchema,
    run: ({ db }, id, body) => updateEscalation(db, id, body),
  },
});

/** Escalations, and the in-app notifications they (and later other features) create. */
export const escalationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationsRoutes);
  await app.register(escalationRoutes);
};
