import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatOrderNumber } from '@app/shared/format';
import { invoiceQuerySchema, invoiceSchema, type Invoice, type InvoiceLanguage } from '@app/shared/schemas/money';
import { orderIdParamsSchema } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { authOf, requireAuth } from '../../auth/guards';
import type { Database, DbOrTx } from '../../db/database';
import { errorResponses } from '../../http/error-responses';
import { conflict, HttpError, notFound } from '../../http/http-error';
import { orders } from '../../db/tables/orders.table';
import { settings } from '../../db/tables/settings.table';
import { WorkerPoolBusyError } from '../../worker-pool/worker-pool';
import { buildKeptInvoicePdf, readKeptInvoicePdf } from './kept-invoice-pdf';
import { createInvoicePdfPool } from './invoice-pdf-pool';
import { hindiMaterialNames } from './invoice-material-names';
import { readInvoice } from '../../money/invoices/read-invoice';
import { invoiceWaitOf, listInvoiceWaits, missingForInvoices } from '../../money/invoices/issue-waiting-invoices';
import { INVOICE_WAITS_LISTED, invoiceWaitsQuerySchema, invoiceWaitsSchema } from '@app/shared/schemas/invoice-waits';
import { COMPANY_DETAIL_LABELS } from './invoice-wait-text';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** design.md section 11: the admin, the order's vendor and the order's store. */
function mayRead(auth: AuthContext, order: { vendorId: number | null; storeId: number }): boolean {
  if (auth.role === 'admin') return true;
  if (auth.role === 'vendor') return auth.vendorId !== null && order.vendorId === auth.vendorId;
  if (auth.role === 'store') return auth.storeId !== null && order.storeId === auth.storeId;
  return false;
}

/** To anyone else the order does not exist (404, as design.md section 4 says of another tenant's record). */
async function invoiceFor(db: Database, auth: AuthContext, orderId: number): Promise<Invoice> {
  const [order] = await db
    .select({ vendorId: orders.vendorId, storeId: orders.storeId, status: orders.status, customerKind: orders.customerKind })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || !mayRead(auth, order)) throw notFound(`Order ${formatOrderNumber(orderId)} was not found`);
  // A household is not a registered supplier: its pickup has a receipt, no GST invoice (design.md section 21).
  if (order.customerKind === 'household') throw notFound(`Order ${formatOrderNumber(orderId)} has no invoice: a household's pickup has a receipt`);
  if (order.status !== 'completed') throw conflict('The invoice exists once the order is completed');
  const invoice = await readInvoice(db, orderId);
  if (invoice) return invoice;
  const missing = await invoiceWaitOf(db, orderId);
  if (missing) throw conflict(invoiceWaitMessage(orderId, missing));
  throw conflict('The invoice exists once the order is completed');
}

/** Why a completed order has no invoice yet (design.md section 23): people read it, so the details are named. */
function invoiceWaitMessage(orderId: number, missing: readonly (keyof typeof COMPANY_DETAIL_LABELS)[]): string {
  const lacks = missing.length > 0 ? `lacks the company's ${missing.map((d) => COMPANY_DETAIL_LABELS[d]).join(', ')}` : 'was completed just now';
  return `The invoice of order ${formatOrderNumber(orderId)} waits for the company information: Settings -> Information ${lacks}. It is issued as soon as an admin completes it there.`;
}

/** `?lang=` first, else the member's language setting (notification preferences), else English. */
async function languageOf(db: DbOrTx, auth: AuthContext, asked: InvoiceLanguage | undefined): Promise<InvoiceLanguage> {
  if (asked) return asked;
  const [stored] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, `notification:${auth.memberId}`)).limit(1);
  const language = (stored?.value as { language?: unknown } | undefined)?.language;
  return language === 'hi' ? 'hi' : 'en';
}

/** design.md section 11: a completed order's GST invoice, as JSON and as PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // First builds run off the event loop, a few at a time (design.md section 23).
  const pdfPool = createInvoicePdfPool(app.config);
  app.addHook('onClose', async () => pdfPool.close());

  app.get(
    '/orders/:id/invoice',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'A completed order\'s tax invoice (admin, the order\'s vendor, the order\'s store)',
        params: orderIdParamsSchema,
        response: { 200: invoiceSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return invoiceFor(app.db, authOf(request), request.params.id);
    },
  );

  app.get(
    '/invoices/waiting',
    {
      onRequest: requireAuth({ roles: ['admin'] }),
      schema: {
        tags,
        security,
        summary: 'Completed orders whose invoice waits for the company information (admin)',
        description: `While Settings -> Information lacks the company's name, address, state (from its GSTIN) or GSTIN, completed orders take no invoice number; saving the complete information issues them in completion order. \`missing\` names what is lacking; \`orders\` are the oldest ${INVOICE_WAITS_LISTED}, \`count\` all of them.`,
        querystring: invoiceWaitsQuerySchema,
        response: { 200: invoiceWaitsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async () => {
      const { total, rows } = await listInvoiceWaits(app.db, INVOICE_WAITS_LISTED);
      return { missing: await missingForInvoices(app.db), count: total, orders: rows.map((r) => ({ order_id: r.orderId, completed_at: r.completedAt.toISOString() })) };
    },
  );

  app.get(
    '/orders/:id/invoice.pdf',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'The same invoice as a PDF; labels in English, or Hindi with `?lang=hi` or the member\'s language',
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const orderId = request.params.id;
      const invoice = await invoiceFor(app.db, auth, orderId);
      const language = await languageOf(app.db, auth, request.query.lang);
      let pdf = await readKeptInvoicePdf(app.db, orderId, language);
      if (!pdf) {
        // A first build is an export: it counts toward the member's export limit; a kept copy
        // served again costs a read and does not (design.md sections 16 and 23).
        const attempt = await app.countPerMember('export', request, reply);
        try {
          const hindiNames = language === 'hi' ? await hindiMaterialNames(app.db, invoice) : {};
          pdf = await buildKeptInvoicePdf(app.db, orderId, language, () => pdfPool.render(invoice, language, hindiNames));
        } catch (error) {
          if (!(error instanceof WorkerPoolBusyError)) throw error;
          // Refused before any work: the member's export is not spent.
          await attempt.refund();
          reply.header('retry-after', String(error.retryAfterSeconds));
          throw new HttpError(503, 'Many PDFs are being built right now. Please try again in a few seconds.', undefined, true);
        }
      }
      const filename = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
