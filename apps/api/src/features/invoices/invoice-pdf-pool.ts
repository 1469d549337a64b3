import type { Invoice, InvoiceLanguage } from '@app/shared/schemas/money';
import type { AppConfig } from '../../config/config';
import { createWorkerPool } from '../../worker-pool/worker-pool';
import type { renderInvoicePdf } from './invoice-pdf';

export type RenderInvoicePdf = (invoice: Invoice, language: InvoiceLanguage, hindiNames: Record<string, string>) => Promise<Buffer>;

export interface InvoicePdfPool {
  render: RenderInvoicePdf;
  close(): Promise<void>;
}

/** Invoice PDFs built by worker threads (PDF_WORKERS threads, at most PDF_QUEUE waiting). */
export function createInvoicePdfPool(config: Pick<AppConfig, 'PDF_WORKERS' | 'PDF_QUEUE'>): InvoicePdfPool {
  const pool = createWorkerPool<Parameters<typeof renderInvoicePdf>, Uint8Array>({
    module: new URL('./invoice-pdf.ts', import.meta.url),
    exportName: 'renderInvoicePdf',
    size: config.PDF_WORKERS,
    maxQueued: config.PDF_QUEUE,
  });
  return {
    // A Buffer crosses the thread boundary as a plain Uint8Array.
    render: async (invoice, language, hindiNames) => {
      const bytes = await pool.run(invoice, language, hindiNames);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.close(),
  };
}
