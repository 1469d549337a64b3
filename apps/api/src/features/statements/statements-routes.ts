import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementCsvQuerySchema, statementQuerySchema, statementSchema } from '@app/shared/schemas/money';
import { authOf, requireAuth } from '../../auth/guards';
import { withReportDeadline } from '../../db/deadlines';
import { csvStream, sendCsv } from '../../http/csv-stream';
import { errorResponses } from '../../http/error-responses';
import { cursorId, listEtag, setListHeaders } from '../../http/paging';
import { toLedgerEntry } from '../../money/ledger-entry';
import { ledgerOwnerName, ledgerOwnerOf } from '../../money/ledger-owner';
import { periodBatches, periodPage } from '../../money/ledger-pages';
import { statementHead } from './statement';
import { STATEMENT_CSV_COLUMNS, statementCsvRows } from './statement-csv';

const tags = ['statements'];
const security = [{ bearer: [] }];
const roles: Array<'admin' | 'vendor' | 'driver'> = ['admin', 'vendor', 'driver'];

/** design.md sections 10 and 16: a vendor's or driver's statement for India-time days, its entries in pages, and as CSV. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statements',
    {
      onRequest: requireAuth({ roles }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'A vendor\'s or driver\'s statement for [from, to] (India time, inclusive); a vendor or driver sees its own',
        description:
          'The sums cover the whole period on every page; `entries` is one page of it, oldest first (`limit`, default 50, at most 500; `cursor` from `Link: <...>; rel="next"`). X-Total-Count: the entries of the period.',
        querystring: statementQuerySchema,
        response: { 200: statementSchema, 304: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const after = cursorId(request.query.cursor);
      const owner = ledgerOwnerOf(authOf(request), request.query);
      const head = await statementHead(app.db, owner, await ledgerOwnerName(app.db, owner), request.query);
      const page = await periodPage(app.db, head.period, { limit: request.query.limit, cursor: after });
      reply.header('cache-control', 'private, no-cache');
      setListHeaders(request, reply, head.total, page.nextCursor);
      return { ...head.summary, entries: page.items.map(toLedgerEntry) };
    },
  );

  app.get(
    '/statements.csv',
    {
      onRequest: requireAuth({ roles }),
      preHandler: app.limitPerMember('export'),
      schema: {
        tags,
        security,
        summary: 'The same statement as CSV: the opening balance, every entry of the period oldest first, the closing balance',
        querystring: statementCsvQuerySchema,
        produces: ['text/csv'],
        response: { ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const owner = ledgerOwnerOf(authOf(request), request.query);
      // The sums under the reports' deadline; the entries follow in keyset batches, each one
      // index range well inside a request's own deadline.
      const head = await withReportDeadline(app.db, app.config.DB_EXPORT_STATEMENT_TIMEOUT_MS, async (db) => statementHead(db, owner, await ledgerOwnerName(db, owner), request.query));
      const s = head.summary;
      const stream = csvStream(STATEMENT_CSV_COLUMNS, statementCsvRows(head, periodBatches(app.db, head.period)), { byteOrderMark: true });
      // The file's rows: the entries between the opening and the closing line.
      const total = { count: head.total + 2, estimated: false };
      return sendCsv(reply, { filename: `statement-${owner.type}-${owner.id}-${s.from ?? 'start'}-${s.to}.csv`, stream, total });
    },
  );
};
