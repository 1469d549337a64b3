import type { Language } from '@/lib/language';
import { api } from '@/lib/api-client';

// A household's receipt (design.md section 21): GET /orders/{id}/receipt.pdf?lang=en|hi
// needs the bearer token, so a plain link cannot open it: the PDF is fetched as a blob and
// shown from an object URL, as the GST invoice is (data/invoices.ts).

/** How long the object URL stays alive after the tab opened it (the viewer has read it by then). */
const REVOKE_AFTER_MS = 60_000;

export function fetchReceiptPdf(orderId: number, language: Language): Promise<Blob> {
  return api.get<Blob>(`/orders/${orderId}/receipt.pdf`, { query: { lang: language }, responseType: 'blob', headers: { accept: 'application/pdf' } });
}

/**
 * Opens the receipt in a new tab. The tab is opened before the request so that the pop-up
 * blocker sees it as the click's own window; it is closed again when the request fails.
 */
export async function openReceiptPdf(orderId: number, language: Language): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await fetchReceiptPdf(orderId, language);
    const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
