import { z } from 'zod';
import { LIST_HEADERS } from '@app/shared/link-header';
import { orderDetailSchema, orderIdParamsSchema, orderListQuerySchema, orderSchema } from '@app/shared/schemas/orders';
import { authOf, requireAuth } from '../../auth/guards';
import { tenancyOf } from '../../auth/tenancy';
import { setListHeaders } from '../../http/paging';
import { listOrders } from './list-orders';
import { orderNotFound } from './order-scope';
import { getOrderDetail } from './order-views';
import { bearer, errorResponses, type OrdersApp } from './orders-route-kit';

export function registerOrderReadRoutes(app: OrdersApp): void {
  app.get(
    '/orders',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'The orders the caller may see, sorted by `ordering` (default -created_at)',
        description:
          'Keyset pages on the sort key: follow `Link: <...>; rel="next"`. `X-Total-Count` counts every match, exactly up to 10,000; above, it may be an estimate (`X-Total-Count-Estimated: true`). Send the `ETag` back as `If-None-Match` to get 304 while nothing changed (the store polls this every 5 s).',
        security: bearer,
        querystring: orderListQuerySchema,
        response: { 200: z.array(orderSchema), 304: z.undefined().describe('Not modified'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const ifNoneMatch = request.headers[LIST_HEADERS.ifNoneMatch];
      const result = await listOrders(app.db, authOf(request), request.query, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
      // Private: the answer depends on who asks. no-cache: keep it, but ask every time (with If-None-Match).
      reply.header(LIST_HEADERS.etag, result.etag).header('cache-control', 'private, no-cache');
      if (result.kind === 'not_modified') return reply.code(304).send();
      setListHeaders(request, reply, result.total, result.nextCursor, result.estimated);
      return result.orders;
    },
  );

  app.get(
    '/orders/:id',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'One order with its history (oldest first) and its photos',
        security: bearer,
        params: orderIdParamsSchema,
        response: { 200: orderDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const order = await getOrderDetail(app.db, tenancyOf(authOf(request)), request.params.id);
      if (!order) throw orderNotFound(request.params.id);
      return order;
    },
  );
}
