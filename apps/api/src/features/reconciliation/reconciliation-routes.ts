import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECONCILIATION_CSV_COLUMNS, reconciliationQuerySchema, reconciliationSchema } from '@app/shared/schemas/money';
import { requireAuth } from '../../auth/guards';
import { withReportDeadline } from '../../db/deadlines';
import { csvStreamOf, sendCsv } from '../../http/csv-stream';
import { errorResponses } from '../../http/error-responses';
import { reconcile } from './reconciliation';

const tags = ['reports'];
const security = [{ bearer: [] }];

/** design.md section 10: the admin's reconciliation report, as JSON and CSV. */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  // A long range reads many kept sums and checks the whole ledger: the reports' deadline.
  const report = (query: Parameters<typeof reconcile>[1]) => withReportDeadline(app.db, app.config.DB_EXPORT_STATEMENT_TIMEOUT_MS, (db) => reconcile(db, query));

  app.get(
    '/reports/reconciliation',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Completed orders by city, material or vendor with b2c value and margin, and the ledger check (admin)',
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => report(request.query),
  );

  app.get(
    '/reports/reconciliation.csv',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'The reconciliation rows as CSV, then a totals row (admin)',
        querystring: reconciliationQuerySchema,
        produces: ['text/csv'],
        response: { ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const result = await report(request.query);
      const t = result.totals;
      const rows = [
        ...result.rows.map((r) => [r.key, r.name, r.orders, r.weight, r.vendor_amount, r.driver_amount, r.b2c_value, r.margin]),
        ['', 'Total', t.orders, t.weight, t.vendor_amount, t.driver_amount, t.b2c_value, t.margin],
      ];
      return sendCsv(reply, {
        filename: `reconciliation-${result.group}-${result.from ?? 'start'}-${result.to}.csv`,
        stream: csvStreamOf(RECONCILIATION_CSV_COLUMNS, rows, { byteOrderMark: true }),
      });
    },
  );
};
