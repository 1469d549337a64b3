import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/language';

// GET /orders/{id}/invoice.pdf needs the bearer token, so a plain link cannot open it: the
// PDF is fetched as a blob and shown from an object URL. (GET /invoices/waiting, what the
// company information holds back, is read with the settings: data/settings.ts.)

/** How long the object URL stays alive after the tab opened it (the viewer has read it by then). */
const REVOKE_AFTER_MS = 60_000;

export function fetchInvoicePdf(orderId: number): Promise<Blob> {
  // The PDF's labels in the language the screen shows (design.md section 13).
  return api.get<Blob>(`/orders/${orderId}/invoice.pdf`, { query: { lang: currentLanguage() }, responseType: 'blob', headers: { accept: 'application/pdf' } });
}

/**
 * Opens the invoice in a new tab. The tab is opened before the request so that the pop-up
 * blocker sees it as the click's own window; it is closed again when the request fails.
 */
export async function openInvoicePdf(orderId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await fetchInvoicePdf(orderId);
    const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
