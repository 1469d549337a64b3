import { and, eq } from 'drizzle-orm';
import type { Invoice, InvoiceLanguage } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { invoicePdfs } from '../../db/tables/invoices.table';
import { renderInvoicePdf } from './invoice-pdf';

// A Hindi PDF costs about half a second of CPU; an invoice never changes (its body is kept
// as issued), so each language is built once and every later request is a read
// (design.md section 16). Requests of this process that arrive while a build runs wait for
// that build rather than start their own. Another process may build the same PDF at the same
// moment: the first row wins, and the other answers with that row, not with its own build
// (two builds differ in their creation time), so every answer is the kept document.
const building = new Map<string, Promise<Buffer>>();

async function read(db: DbOrTx, orderId: number, language: InvoiceLanguage): Promise<Buffer | undefined> {
  const [kept] = await db
    .select({ pdf: invoicePdfs.pdf })
    .from(invoicePdfs)
    .where(and(eq(invoicePdfs.orderId, orderId), eq(invoicePdfs.language, language)))
    .limit(1);
  return kept?.pdf;
}

export async function keptInvoicePdf(db: DbOrTx, orderId: number, invoice: Invoice, language: InvoiceLanguage): Promise<Buffer> {
  const kept = await read(db, orderId, language);
  if (kept) return kept;
  const key = `${orderId}:${language}`;
  let build = building.get(key);
  if (!build) {
    build = (async () => {
      const pdf = await renderInvoicePdf(invoice, language);
      const [inserted] = await db.insert(invoicePdfs).values({ orderId, language, pdf }).onConflictDoNothing().returning({ pdf: invoicePdfs.pdf });
      if (inserted) return inserted.pdf;
      const winner = await read(db, orderId, language);
      if (!winner) throw new Error(`Invoice PDF ${key}: neither inserted nor kept`);
      return winner;
    })().finally(() => building.delete(key));
    building.set(key, build);
  }
  return build;
}
