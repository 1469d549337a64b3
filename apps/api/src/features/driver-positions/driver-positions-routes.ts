import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dispatchDriverSchema, dispatchQuerySchema } from '@app/shared/schemas/dispatch';
import { driverPositionBodySchema } from '@app/shared/schemas/geo';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { readDispatch } from './dispatch';
import { recordPosition, TooSoon } from './record-position';

const tags = ['drivers'];
const security = [{ bearer: [] }];

/** Where the driver is, live (design.md section 19): the driver's posts and the admins' dispatch read. */
export const driverPositionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/drivers/me/position',
    {
      onRequest: requireAuth({ roles: ['driver'] }),
      // Nothing this changes is read back by its sender: the ETAs' own events move the
      // answer caches of the stores, vendors and admins concerned (live-feed.ts).
      config: { keepsCaches: true },
      schema: {
        tags,
        security,
        summary: 'The driver\'s phone position while it drives to a pickup (driver)',
        description:
          'Sent at most every 15 s and at least every 60 s while the driver holds an order in `moving`. ' +
          'Kept only while the driver holds an order in `moving` or `arrived`, deleted 24 hours after; never shown to a store or vendor. ' +
          'Each moving order whose store has a pin gets a new `eta` (shown to its store, its vendor and admins), and an `order` event on the change feed when its figures change. ' +
          '400 naming the field (`at` more than 2 minutes ahead of the server\'s clock included); 409 when the driver has no order in `moving`; ' +
          '429 with `Retry-After` when the previous position was taken less than 5 s ago (nothing is kept).',
        body: driverPositionBodySchema,
        response: { 204: z.undefined().describe('Kept'), ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      try {
        const changed = await recordPosition(app.db, auth, request.body, {
          routingUrl: app.config.ROUTING_URL,
          onRoutingFailure: (orderId) => request.log.warn({ orderId }, 'the routing server gave no route: the ETA is the formula\'s'),
        });
        // This process reads its own write at once; NOTIFY brings the same to every process.
        for (const order of changed) {
          app.live.versions.orderChanged({ store_id: order.store_id, vendor_id: order.vendor_id, city_id: null, driver_ids: null });
        }
      } catch (error) {
        if (error instanceof TooSoon) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/drivers/positions',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'The drivers of a city with their last positions and what each holds (admin)',
        description:
          'For dispatch: every driver of `city_id`, with `position` only while it holds an order in `moving` or `arrived` (null otherwise) ' +
          'and the orders it holds (neither pending, completed nor cancelled), oldest first. 404 for an unknown city.',
        querystring: dispatchQuerySchema,
        response: { 200: z.array(dispatchDriverSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // Positions are personal data: no shared cache keeps them.
      reply.header('cache-control', 'private, no-store');
      return readDispatch(app.db, request.query.city_id);
    },
  );
};
