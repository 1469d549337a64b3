import { openPdf } from '@/lib/download-file';
import type { Language } from '@/lib/language';

/** Opens a household's receipt (design.md section 21) in a new tab, in the language asked for. */
export function openReceiptPdf(orderId: number, language: Language): Promise<void> {
  return openPdf(`/orders/${orderId}/receipt.pdf`, { lang: language });
}
