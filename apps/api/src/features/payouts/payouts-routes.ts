import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/constants';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  approvePayoutBodySchema,
  cancelPayoutBodySchema,
  createPayoutBodySchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutSchema,
  rejectPayoutBodySchema,
} from '@app/shared/schemas/money';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { cursorId, listEtag, setListHeaders } from '../../http/paging';
// The header's rules only; a payout keeps its key in its own row, under the wallet's lock (request-payout.ts).
import { idempotencyKeyOf } from '../../idempotency/idempotent';
import { decidePayout } from './decide-payout';
import { toPayout } from './payout-serializer';
import { listPayouts } from './payouts-repository';
import { requestPayout } from './request-payout';

const tags = ['payouts'];
const security = [{ bearer: [] }];

/** design.md section 10: payouts out of a vendor's wallet or a driver's earnings. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payouts',
    {
      onRequest: requireAuth({ roles: ['vendor', 'driver'] }),
      schema: {
        tags,
        security,
        summary: 'Requests a payout of at most `available` (a vendor from its wallet, a driver from its earnings)',
        description:
          'An `Idempotency-Key` header (at most 255 characters) makes a retry safe: the same key with the same body answers the first payout again (201, no second payout); with another body, 409.',
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }),
        body: createPayoutBodySchema,
        response: { 201: payoutSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
      const { payout, replayed } = await requestPayout(app.db, authOf(request), { body: request.body, idempotencyKey: key });
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(toPayout(payout));
    },
  );

  app.get(
    '/payouts',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor', 'driver'] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'Payouts, newest first: an admin sees all, a vendor or driver its own',
        querystring: payoutListQuerySchema,
        response: { 200: z.array(payoutSchema), 304: z.undefined(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const q = request.query;
      let vendorId = q.vendor_id;
      let driverId = q.driver_id;
      let nothing = false;
      if (auth.role === 'vendor') {
        nothing = driverId !== undefined || (vendorId !== undefined && vendorId !== auth.vendorId) || auth.vendorId === null;
        vendorId = auth.vendorId ?? undefined;
      } else if (auth.role === 'driver') {
        nothing = vendorId !== undefined || (driverId !== undefined && driverId !== auth.driverId) || auth.driverId === null;
        driverId = auth.driverId ?? undefined;
      }
      const page = nothing
        ? { items: [], nextCursor: null, total: 0 }
        : await listPayouts(app.db, { status: q.status, vendorId, driverId, limit: q.limit, cursor: cursorId(q.cursor) });
      reply.header('cache-control', 'private, no-cache');
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items.map(toPayout);
    },
  );

  app.patch(
    '/payouts/:id/approve',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Marks a requested payout paid, with the bank transfer\'s reference (admin); debits the ledger once',
        params: payoutIdParamsSchema,
        body: approvePayoutBodySchema,
        response: { 200: payoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => toPayout(await decidePayout(app.db, authOf(request), request.params.id, { action: 'approve', reference: request.body.reference })),
  );

  app.patch(
    '/payouts/:id/reject',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Rejects a requested payout, with the reason (admin)',
        params: payoutIdParamsSchema,
        body: rejectPayoutBodySchema,
        response: { 200: payoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => toPayout(await decidePayout(app.db, authOf(request), request.params.id, { action: 'reject', reason: request.body.reason })),
  );

  app.patch(
    '/payouts/:id/cancel',
    {
      onRequest: requireAuth({ roles: ['vendor', 'driver'] }),
      schema: {
        tags,
        security,
        summary: 'Cancels the caller\'s own payout while it is still requested',
        params: payoutIdParamsSchema,
        body: cancelPayoutBodySchema,
        response: { 200: payoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => toPayout(await decidePayout(app.db, authOf(request), request.params.id, { action: 'cancel' })),
  );
};
