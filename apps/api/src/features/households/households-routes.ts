import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { householdSchema, householdUpdateSchema } from '@app/shared/schemas/households';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { readHousehold, updateHousehold } from './household-home';

const tags = ['households'];
const security = [{ bearer: [] }];

/** A household's own home (design.md section 21): where its pickups are collected. Households only. */
export const householdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const householdOnly = requireAuth({ roles: ['household'] });

  app.get(
    '/households/me',
    {
      onRequest: householdOnly,
      schema: {
        tags,
        security,
        summary: 'The calling household: its name, phone, city, address and pin',
        response: { 200: householdSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => readHousehold(app.db, authOf(request)),
  );

  app.patch(
    '/households/me',
    {
      onRequest: householdOnly,
      schema: {
        tags,
        security,
        summary: 'Changes the calling household\'s name, city, address or pin (`location: null` removes the pin)',
        description: 'Pending pickups are collected at the new address: an order shows its household\'s home as it is now.',
        body: householdUpdateSchema,
        response: { 200: householdSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateHousehold(app.db, authOf(request), request.body),
  );
};
