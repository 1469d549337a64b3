import type { Invoice, InvoiceLanguage } from '@app/shared/schemas/money';
import type { AppConfig } from '../../config/config';
import { pdfWorkers, type PdfRenderer } from '../../pdf/pdf-workers';
import type { renderInvoicePdf } from './invoice-pdf';

export type RenderInvoicePdf = (invoice: Invoice, language: InvoiceLanguage, hindiNames: Record<string, string>) => Promise<Buffer>;

export interface InvoicePdfPool {
  render: RenderInvoicePdf;
  close(): Promise<void>;
}

const INVOICE_PDF: PdfRenderer<Parameters<typeof renderInvoicePdf>> = { module: new URL('./invoice-pdf.ts', import.meta.url), exportName: 'renderInvoicePdf' };

/** Invoice PDFs built by the app's PDF threads (PDF_WORKERS threads, at most PDF_QUEUE waiting; shared with receipts). */
export function createInvoicePdfPool(config: Pick<AppConfig, 'PDF_WORKERS' | 'PDF_QUEUE'>): InvoicePdfPool {
  const workers = pdfWorkers(config);
  return {
    render: (invoice, language, hindiNames) => workers.render(INVOICE_PDF, invoice, language, hindiNames),
    close: () => workers.close(),
  };
}
