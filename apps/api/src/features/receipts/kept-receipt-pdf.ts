import { and, eq } from 'drizzle-orm';
import type { Language } from '@app/shared/constants';
import type { DbOrTx } from '../../db/database';
import { receiptPdfs } from '../../db/tables/receipts.table';
import type { PdfShelf } from '../../pdf/kept-pdf';

// A receipt never changes (its body is kept as issued), so its PDF per language is built once
// and kept in receipt_pdfs, as invoices' are (pdf/kept-pdf.ts).

export function receiptPdfShelf(db: DbOrTx, orderId: number, language: Language): PdfShelf {
  const read = async () => {
    const [kept] = await db
      .select({ pdf: receiptPdfs.pdf })
      .from(receiptPdfs)
      .where(and(eq(receiptPdfs.orderId, orderId), eq(receiptPdfs.language, language)))
      .limit(1);
    return kept?.pdf;
  };
  return {
    key: `receipt:${orderId}:${language}`,
    read,
    async keep(pdf) {
      const [inserted] = await db.insert(receiptPdfs).values({ orderId, language, pdf }).onConflictDoNothing().returning({ pdf: receiptPdfs.pdf });
      return inserted?.pdf;
    },
  };
}
