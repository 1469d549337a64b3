import { api, type QueryValue } from './api-client';

// Exports need the bearer token, so a plain <a href> cannot fetch them: the file is fetched
// through the API client as a blob and handed to the browser as a download under the name
// the server gives (Content-Disposition), else `fallbackName`.

export interface DownloadResult {
  /** X-Total-Count of the export, when the server sends one. */
  rows: number | null;
}

export async function downloadFile(path: string, options: { query?: Record<string, QueryValue>; fallbackName: string; accept?: string }): Promise<DownloadResult> {
  const response = await api.request<Blob>(path, { query: options.query, responseType: 'blob', headers: { accept: options.accept ?? 'text/csv' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? options.fallbackName;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const total = response.headers.get('x-total-count');
  return { rows: total === null ? null : Number(total) };
}

/** How long a PDF's object URL stays alive after its tab opened it (the viewer has read it by then). */
const PDF_URL_LIFETIME_MS = 60_000;

/**
 * Opens a PDF the API serves (an invoice, a receipt) in a new tab: it needs the bearer token,
 * so a plain link cannot open it; it is fetched as a blob and shown from an object URL. The
 * tab is opened before the request so that the pop-up blocker sees it as the click's own
 * window; it is closed again when the request fails.
 */
export async function openPdf(path: string, query: Record<string, QueryValue>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await api.get<Blob>(path, { query, responseType: 'blob', headers: { accept: 'application/pdf' } });
    const url = URL.createObjectURL(pdf.type === 'application/pdf' ? pdf : new Blob([pdf], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), PDF_URL_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** "2026-11-23": today's date in the file names of exports. */
export function todayStamp(): string {
  return new Date().toISOString().slice(0, 10);
}
