import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Language } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { receiptSchema, type Receipt } from '@app/shared/schemas/households';
import { invoiceQuerySchema } from '@app/shared/schemas/money';
import { orderIdParamsSchema } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { authOf, requireAuth } from '../../auth/guards';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { receipts } from '../../db/tables/receipts.table';
import { errorResponses } from '../../http/error-responses';
import { HttpError, notFound } from '../../http/http-error';
import { memberLanguage } from '../../mail/member-language';
import { buildKeptPdf } from '../../pdf/kept-pdf';
import { WorkerPoolBusyError } from '../../worker-pool/worker-pool';
import { receiptPdfShelf } from './kept-receipt-pdf';
import { createReceiptPdfPool } from './receipt-pdf-pool';

const tags = ['receipts'];
const security = [{ bearer: [] }];

/** design.md section 21: the household itself, admins, and the order's driver. */
function mayRead(auth: AuthContext, order: { storeId: number; driverId: number | null; customerKind: string }): boolean {
  if (auth.role === 'admin') return true;
  if (auth.role === 'household') return auth.storeId !== null && order.customerKind === 'household' && order.storeId === auth.storeId;
  if (auth.role === 'driver') return auth.driverId !== null && order.driverId === auth.driverId;
  return false;
}

/**
 * The order's receipt as issued; 404 to anyone else (another tenant's record, design.md
 * section 4) and while it has none (a store's order, or a pickup not completed yet).
 */
async function receiptFor(db: DbOrTx, auth: AuthContext, orderId: number): Promise<Receipt> {
  const [row] = await db
    .select({ storeId: orders.storeId, driverId: orders.driverId, customerKind: orders.customerKind, body: receipts.body })
    .from(orders)
    .leftJoin(receipts, eq(receipts.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row || !mayRead(auth, row)) throw notFound(`Order ${formatOrderNumber(orderId)} was not found`);
  if (!row.body) throw notFound(`Order ${formatOrderNumber(orderId)} has no receipt: a household's pickup gets one when it is completed`);
  const body = row.body as Omit<Receipt, 'company'> & { company?: Receipt['company'] };
  return { ...body, company: body.company ?? null };
}

/** `?lang=` first, else the member's language setting, else English. */
async function languageOf(db: DbOrTx, auth: AuthContext, asked: Language | undefined): Promise<Language> {
  return asked ?? ((await memberLanguage(db, auth.memberId)) === 'hi' ? 'hi' : 'en');
}

/** design.md section 21: a household's receipt, as JSON and as PDF (English or Hindi). */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  // First builds run in the app's PDF threads, shared with invoices (design.md section 23).
  const pdfPool = createReceiptPdfPool(app.config);
  app.addHook('onClose', async () => pdfPool.close());

  app.get(
    '/orders/:id/receipt',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'A completed household pickup\'s receipt (the household, admins, the order\'s driver)',
        description: 'Numbered `RCPT/{YYYY-YY}/{000001}`, gap-free per financial year (April to March, India time). 404 to anyone else and while the order has no receipt.',
        params: orderIdParamsSchema,
        response: { 200: receiptSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return receiptFor(app.db, authOf(request), request.params.id);
    },
  );

  app.get(
    '/orders/:id/receipt.pdf',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'The same receipt as a PDF; in English, or Hindi with `?lang=hi` or the member\'s language',
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const orderId = request.params.id;
      const receipt = await receiptFor(app.db, auth, orderId);
      const language = await languageOf(app.db, auth, request.query.lang);
      const shelf = receiptPdfShelf(app.db, orderId, language);
      let pdf = await shelf.read();
      if (!pdf) {
        // A first build is an export: it counts toward the member's export limit; a kept copy
        // served again costs a read and does not (design.md sections 16 and 23).
        const attempt = await app.countPerMember('export', request, reply);
        try {
          pdf = await buildKeptPdf(shelf, () => pdfPool.render(receipt, language));
        } catch (error) {
          if (!(error instanceof WorkerPoolBusyError)) throw error;
          // Refused before any work: the member's export is not spent.
          await attempt.refund();
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new HttpError(503, 'Many PDFs are being built right now. Please try again in a few seconds.', undefined, true);
        }
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receipt.number.replaceAll('/', '-')}.pdf"`)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
