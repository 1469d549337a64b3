import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@app/shared/schemas/errors';
import { driverEarningsQuerySchema, driverEarningsSchema, vendorWalletSchema, walletListQuerySchema } from '@app/shared/schemas/wallets';
import { authOf, requireAuth } from '../../auth/guards';
import { listEtag, setListHeaders } from '../../http/paging';
import { listWallets, type WalletPage } from './list-wallets';

const errors = { 304: z.undefined().describe('Not modified'), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const security = [{ bearer: [] }];

/** A vendor or driver sees its own wallet only; asking for another one's is an empty list, as for any filter that matches nothing. */
function ownScope(own: number | null, asked: number | undefined): { onlyId: number } | 'nothing' {
  if (own === null || (asked !== undefined && asked !== own)) return 'nothing';
  return { onlyId: own };
}

function pageHeaders(request: FastifyRequest, reply: FastifyReply, page: WalletPage): void {
  reply.header('cache-control', 'private, no-cache');
  setListHeaders(request, reply, page.total, page.nextCursor);
}

const EMPTY: WalletPage = { wallets: [], total: 0, nextCursor: null };

/** design.md section 7: GET /wallets/ (vendor wallets) and GET /wallets/driver-earnings. */
export const walletsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallets',
    {
      onRequest: requireAuth({ roles: ['admin', 'vendor'] }),
      onSend: listEtag,
      schema: {
        tags: ['wallets'],
        summary: 'Vendor wallets: an admin sees all, a vendor its own',
        description: 'Each wallet with its newest transactions (`transactions_limit`); vendors newest first, keyset pages by `Link`.',
        security,
        querystring: walletListQuerySchema,
        response: { 200: z.array(vendorWalletSchema), ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { vendor_id, limit, cursor, transactions_limit } = request.query;
      const scope = auth.role === 'admin' ? { onlyId: vendor_id } : ownScope(auth.vendorId, vendor_id);
      const page = scope === 'nothing' ? EMPTY : await listWallets(app.db, 'vendor', { ...scope, limit, cursor, transactionsLimit: transactions_limit });
      pageHeaders(request, reply, page);
      return page.wallets.map((w) => ({ vendor_id: w.ownerId, balance: w.balance, available: w.available, transactions: w.transactions }));
    },
  );

  app.get(
    '/wallets/driver-earnings',
    {
      onRequest: requireAuth({ roles: ['admin', 'driver'] }),
      onSend: listEtag,
      schema: {
        tags: ['wallets'],
        summary: 'Driver earnings: an admin sees all drivers, a driver its own',
        security,
        querystring: driverEarningsQuerySchema,
        response: { 200: z.array(driverEarningsSchema), ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { driver_id, limit, cursor, transactions_limit } = request.query;
      const scope = auth.role === 'admin' ? { onlyId: driver_id } : ownScope(auth.driverId, driver_id);
      const page = scope === 'nothing' ? EMPTY : await listWallets(app.db, 'driver', { ...scope, limit, cursor, transactionsLimit: transactions_limit });
      pageHeaders(request, reply, page);
      return page.wallets.map((w) => ({ driver_id: w.ownerId, balance: w.balance, available: w.available, transactions: w.transactions }));
    },
  );
};
