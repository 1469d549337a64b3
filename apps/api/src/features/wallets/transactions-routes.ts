import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LEDGER_CSV_COLUMNS, ledgerEntrySchema, walletTransactionsQuerySchema } from '@app/shared/schemas/money';
import { authOf, requireAuth } from '../../auth/guards';
import { csvStream, sendCsv, type CsvValue } from '../../http/csv-stream';
import { errorResponses } from '../../http/error-responses';
import { cursorId, listEtag, setListHeaders } from '../../http/paging';
import { istIsoTime } from '@app/shared/india-time';
import { toLedgerEntry } from '../../money/ledger-entry';
import { ledgerOwnerName, ledgerOwnerOf } from '../../money/ledger-owner';
import { ledgerBatches, ledgerCount, ledgerPage, walletIdOf } from '../../money/ledger-pages';
import type { EntryRow } from '../../money/ledger-entry';

const tags = ['wallets'];
const security = [{ bearer: [] }];
const roles = { roles: ['admin', 'vendor', 'driver'] as const };

function csvRow(e: EntryRow): CsvValue[] {
  const entry = toLedgerEntry(e);
  return [entry.id, istIsoTime(e.createdAt), entry.kind, entry.amount, entry.balance_after, entry.order_id, entry.payout_id];
}

async function* csvRows(batches: AsyncIterable<EntryRow[]>): AsyncGenerator<CsvValue[][]> {
  for await (const batch of batches) yield batch.map(csvRow);
}

/** design.md section 10: one ledger's entries, newest first, in pages and as CSV. */
export const walletTransactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallets/transactions',
    {
      onRequest: requireAuth({ roles: [...roles.roles] }),
      onSend: listEtag,
      schema: {
        tags,
        security,
        summary: 'The entries of one vendor wallet or driver\'s earnings, newest first (a vendor or driver: its own)',
        querystring: walletTransactionsQuerySchema,
        response: { 200: z.array(ledgerEntrySchema), 304: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const owner = ledgerOwnerOf(authOf(request), request.query);
      await ledgerOwnerName(app.db, owner);
      const page = await ledgerPage(app.db, await walletIdOf(app.db, owner), { limit: request.query.limit, cursor: cursorId(request.query.cursor) });
      reply.header('cache-control', 'private, no-cache');
      setListHeaders(request, reply, page.total, page.nextCursor);
      return page.items.map(toLedgerEntry);
    },
  );

  app.get(
    '/wallets/transactions.csv',
    {
      onRequest: requireAuth({ roles: [...roles.roles] }),
      preHandler: app.limitPerMember('export'),
      schema: {
        tags,
        security,
        summary: 'Every entry of one ledger as CSV, newest first, without a row cap',
        querystring: walletTransactionsQuerySchema,
        produces: ['text/csv'],
        response: { ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const owner = ledgerOwnerOf(authOf(request), request.query);
      await ledgerOwnerName(app.db, owner);
      const walletId = await walletIdOf(app.db, owner);
      const stream = csvStream(LEDGER_CSV_COLUMNS, csvRows(ledgerBatches(app.db, walletId)), { byteOrderMark: true });
      const total = { count: await ledgerCount(app.db, walletId), estimated: false };
      return sendCsv(reply, { filename: `${owner.type}-${owner.id}-ledger.csv`, stream, total });
    },
  );
};
