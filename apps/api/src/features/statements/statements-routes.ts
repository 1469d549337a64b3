import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementQuerySchema, statementSchema } from '@app/shared/schemas/money';
import { authOf, requireAuth } from '../../auth/guards';
import { csvStreamOf, sendCsv, type CsvValue } from '../../http/csv-stream';
import { errorResponses } from '../../http/error-responses';
import { istIsoTime } from '@app/shared/india-time';
import { ledgerOwnerName, ledgerOwnerOf } from '../../money/ledger-owner';
import { buildStatement } from './statement';

const tags = ['statements'];
const security = [{ bearer: [] }];
const roles: Array<'admin' | 'vendor' | 'driver'> = ['admin', 'vendor', 'driver'];

export const STATEMENT_CSV_COLUMNS = ['date', 'kind', 'order_id', 'payout_id', 'amount', 'balance_after'] as const;

/** design.md section 10: a vendor's or driver's statement for India-time days, as JSON and CSV. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statements',
    {
      onRequest: requireAuth({ roles }),
      schema: {
        tags,
        security,
        summary: 'A vendor\'s or driver\'s statement for [from, to] (India time, inclusive); a vendor or driver sees its own',
        querystring: statementQuerySchema,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const owner = ledgerOwnerOf(authOf(request), request.query);
      const name = await ledgerOwnerName(app.db, owner);
      return (await buildStatement(app.db, owner, name, request.query.from, request.query.to)).statement;
    },
  );

  app.get(
    '/statements.csv',
    {
      onRequest: requireAuth({ roles }),
      schema: {
        tags,
        security,
        summary: 'The same statement as CSV: the opening balance, each entry oldest first, the closing balance',
        querystring: statementQuerySchema,
        produces: ['text/csv'],
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = ledgerOwnerOf(authOf(request), request.query);
      const name = await ledgerOwnerName(app.db, owner);
      const { statement: s, rows } = await buildStatement(app.db, owner, name, request.query.from, request.query.to);
      const lines: CsvValue[][] = [
        [s.from ?? '', 'opening_balance', null, null, null, s.opening_balance],
        ...rows.map((r, i): CsvValue[] => [istIsoTime(r.createdAt), r.kind, r.orderId, r.payoutId, s.entries[i]!.amount, s.entries[i]!.balance_after]),
        [s.to, 'closing_balance', null, null, null, s.closing_balance],
      ];
      const stream = csvStreamOf(STATEMENT_CSV_COLUMNS, lines, { byteOrderMark: true });
      return sendCsv(reply, { filename: `statement-${owner.type}-${owner.id}-${s.from ?? 'start'}-${s.to}.csv`, stream });
    },
  );
};
