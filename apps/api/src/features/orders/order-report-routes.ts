import { z } from 'zod';
import { orderCountsQuerySchema, orderCountsSchema, orderExportQuerySchema, orderStatsQuerySchema, orderStatsSchema } from '@app/shared/schemas/orders';
import { authOf, requireAuth } from '../../auth/guards';
import { sendCsv } from '../../http/csv-stream';
import { exportOrdersCsv } from './export-orders';
import { orderCounts } from './order-counts';
import { orderStats } from './order-stats';
import { bearer, errorResponses, type OrdersApp } from './orders-route-kit';

export function registerOrderReportRoutes(app: OrdersApp): void {
  app.get(
    '/orders/counts',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'How many of the caller\'s orders are in each status',
        description: 'Takes the filters of GET /orders except `status`; every status is present, 0 when none.',
        security: bearer,
        querystring: orderCountsQuerySchema,
        response: { 200: orderCountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orderCounts(app.db, authOf(request), request.query),
  );

  app.get(
    '/orders/stats',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'Chart buckets: orders or rupees per month or day (India time)',
        description:
          '`metric=count` counts orders created; `metric=vendor_amount` sums the vendor amount of completed orders (or of the `status` given). Gaps are 0; periods are "YYYY-MM" or "YYYY-MM-DD".',
        security: bearer,
        querystring: orderStatsQuerySchema,
        response: { 200: orderStatsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => orderStats(app.db, authOf(request), request.query),
  );

  app.get(
    '/orders/export.csv',
    {
      onRequest: requireAuth(),
      preHandler: app.limitPerMember('export'),
      schema: {
        tags: ['orders'],
        summary: 'The list as CSV (same filters and ordering), every row, streamed',
        description:
          'Every matching order, no cap, streamed in constant memory. `X-Total-Count` comes first so a client can show progress (an estimate above 10,000 rows, then `X-Total-Count-Estimated: true`). UTF-8 with a byte order mark.',
        security: bearer,
        querystring: orderExportQuerySchema,
        response: { 200: { description: 'CSV', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { stream, total } = await exportOrdersCsv(app.db, authOf(request), request.query, app.config.DB_EXPORT_STATEMENT_TIMEOUT_MS);
      const stamp = new Date().toISOString().slice(0, 10);
      return sendCsv(reply, { filename: `orders-${stamp}.csv`, stream, total: { count: total.total, estimated: total.estimated } });
    },
  );
}
