import { and, eq } from 'drizzle-orm';
import type { InvoiceLanguage } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { invoicePdfs } from '../../db/tables/invoices.table';

// A Hindi PDF costs about half a second of CPU; an invoice never changes (its body is kept
// as issued), so each language is built once and every later request is a read
// (design.md section 16). Requests of this process that arrive while a build runs wait for
// that build rather than start their own. Another process may build the same PDF at the same
// moment: the first row wins, and the other answers with that row, not with its own build
// (two builds differ in their creation time), so every answer is the kept document.
const building = new Map<string, Promise<Buffer>>();

/** The PDF kept for this invoice and language, if one was built already. */
export async function readKeptInvoicePdf(db: DbOrTx, orderId: number, language: InvoiceLanguage): Promise<Buffer | undefined> {
  const [kept] = await db
    .select({ pdf: invoicePdfs.pdf })
    .from(invoicePdfs)
    .where(and(eq(invoicePdfs.orderId, orderId), eq(invoicePdfs.language, language)))
    .limit(1);
  return kept?.pdf;
}

/** Builds the PDF (or joins this process's build already under way) and keeps it; answers the kept copy. */
export async function buildKeptInvoicePdf(db: DbOrTx, orderId: number, language: InvoiceLanguage, build: () => Promise<Buffer>): Promise<Buffer> {
  const key = `${orderId}:${language}`;
  let pending = building.get(key);
  if (!pending) {
    pending = (async () => {
      const pdf = await build();
      const [inserted] = await db.insert(invoicePdfs).values({ orderId, language, pdf }).onConflictDoNothing().returning({ pdf: invoicePdfs.pdf });
      if (inserted) return inserted.pdf;
      const winner = await readKeptInvoicePdf(db, orderId, language);
      if (!winner) throw new Error(`Invoice PDF ${key}: neither inserted nor kept`);
      return winner;
    })().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}
