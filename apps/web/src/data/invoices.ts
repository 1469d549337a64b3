import { openPdf } from '@/lib/download-file';
import { currentLanguage } from '@/lib/language';

// (GET /invoices/waiting, what the company information holds back, is read with the
// settings: data/settings.ts.)

/** Opens an order's GST invoice in a new tab, its labels in the language the screen shows (design.md section 13). */
export function openInvoicePdf(orderId: number): Promise<void> {
  return openPdf(`/orders/${orderId}/invoice.pdf`, { lang: currentLanguage() });
}
