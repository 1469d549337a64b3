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
import { conflict, notFound } from '../../http/http-error';
import { orders } from '../../db/tables/orders.table';
import { settings } from '../../db/tables/settings.table';
import { keptInvoicePdf } from './kept-invoice-pdf';
import { readInvoice } from '../../money/invoices/issue-invoice';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** design.md section 11: the admin, the order's vendor and the order's store. */
function mayRead(auth: AuthContext, order: { vendorId: number; storeId: number }): boolean {
  if (auth.role === 'admin') return true;
  if (auth.role === 'vendor') return auth.vendorId !== null && order.vendorId === auth.vendorId;
  if (auth.role === 'store') return auth.storeId !== null && order.storeId === auth.storeId;
  return false;
}

/** To anyone else the order does not exist (404, as design.md section 4 says of another tenant's record). */
async function invoiceFor(db: Database, auth: AuthContext, orderId: number): Promise<Invoice> {
  const [order] = await db
    .select({ vendorId: orders.vendorId, storeId: orders.storeId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!order || !mayRead(auth, order)) throw notFound(`Order ${formatOrderNumber(orderId)} was not found`);
  if (order.status !== 'completed') throw conflict('The invoice exists once the order is completed');
  const invoice = await readInvoice(db, orderId);
  if (!invoice) throw conflict('The invoice exists once the order is completed');
  return invoice;
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
    '/orders/:id/invoice.pdf',
    {
      onRequest: requireAuth(),
      // A PDF is an export: it counts toward the member's export limit (design.md section 16).
      preHandler: app.limitPerMember('export'),
      schema: {
        tags,
        security,
        summary: 'The same invoice as a PDF; labels in English, or Hindi with `?lang=hi` or the member\'s language',
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any(), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const invoice = await invoiceFor(app.db, auth, request.params.id);
      const pdf = await keptInvoicePdf(app.db, request.params.id, invoice, await languageOf(app.db, auth, request.query.lang));
      const filename = `invoice-${invoice.number.replaceAll('/', '-')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );
};
