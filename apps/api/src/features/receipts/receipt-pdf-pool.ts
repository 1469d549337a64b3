import type { Language } from '@app/shared/constants';
import type { Receipt } from '@app/shared/schemas/households';
import type { AppConfig } from '../../config/config';
import { pdfWorkers, type PdfRenderer } from '../../pdf/pdf-workers';
import type { renderReceiptPdf } from './receipt-pdf';

export interface ReceiptPdfPool {
  render(receipt: Receipt, language: Language): Promise<Buffer>;
  close(): Promise<void>;
}

const RECEIPT_PDF: PdfRenderer<Parameters<typeof renderReceiptPdf>> = { module: new URL('./receipt-pdf.ts', import.meta.url), exportName: 'renderReceiptPdf' };

/** Receipt PDFs built by the app's PDF threads, the ones invoices use (design.md section 23). */
export function createReceiptPdfPool(config: Pick<AppConfig, 'PDF_WORKERS' | 'PDF_QUEUE'>): ReceiptPdfPool {
  const workers = pdfWorkers(config);
  return {
    render: (receipt, language) => workers.render(RECEIPT_PDF, receipt, language),
    close: () => workers.close(),
  };
}
