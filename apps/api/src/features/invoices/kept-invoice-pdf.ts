import { and, eq } from 'drizzle-orm';
import type { Invoice, InvoiceLanguage } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { invoicePdfs } from '../../db/tables/invoices.table';
import { renderInvoicePdf } from './invoice-pdf';

// A Hindi PDF costs about half a second of CPU; an invoice never changes (its body is kept
// as issued), so each language is built once and every later request is a read
// (design.md section 16). Requests of this process that arrive while a build runs wait for
// that build rather than start their own; another process building the same PDF at the
// same moment writes the same bytes, and the first row wins.
const building = new Map<string, Promise<Buffer>>();

export async function keptInvoicePdf(db: DbOrTx, orderId: number, invoice: Invoice, language: InvoiceLanguage): Promise<Buffer> {
  const [kept] = await db
    .select({ pdf: invoicePdfs.pdf })
    .from(invoicePdfs)
    .where(and(eq(invoicePdfs.orderId, orderId), eq(invoicePdfs.language, language)))
    .limit(1);
  if (kept) return kept.pdf;
  const key = `${orderId}:${language}`;
  let build = building.get(key);
  if (!build) {
    build = (async () => {
      const pdf = await renderInvoicePdf(invoice, language);
      await db.insert(invoicePdfs).values({ orderId, language, pdf }).onConflictDoNothing();
      return pdf;
    })().finally(() => building.delete(key));
    building.set(key, build);
  }
  return build;
}
