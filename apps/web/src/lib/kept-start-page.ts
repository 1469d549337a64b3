import { KEPT_START_PAGES_CACHE, RENDERED_START_HEADER, RENDERED_START_PAGES, keptStartPageHtml, startRoleOf } from '@app/shared/rendered-start';

// The member's rendered start page (decision 089), kept on the device for the next start
// (decision 090): the web host renders it again while the member is online, a copy goes into
// cache storage, and the service worker answers the next start with it (sw.ts), so a repeat
// visit draws the member's page from the device before any script has run, saying how old its
// answers are; the app then asks afresh.

/** The kept copy's header naming its build's entry script: the worker answers with it only beside that build's files. */
export const KEPT_ENTRY_HEADER = 'x-kept-entry';

/** The app's entry, as the boot script of index.html names it (apps/web/vite-prerender-login.ts). */
const ENTRY_SCRIPT = /<script data-app="([^"]+)"/;

export interface KeepStartPageOptions {
  send: typeof fetch;
  storage: CacheStorage | undefined;
  /** Whether the copy is still wanted once the page has come (false: the session ended meanwhile). */
  wanted: () => boolean;
}

/**
 * Keeps a fresh copy of the start page at `pathname`, or drops the copy when the web host no
 * longer renders it there for this device (a desktop, an ended session). Whether one is kept.
 */
export async function keepStartPage(pathname: string, { send, storage, wanted }: KeepStartPageOptions): Promise<boolean> {
  const role = startRoleOf(pathname);
  if (!role || !storage) return false;
  const page = RENDERED_START_PAGES[role];
  const response = await send(page, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } });
  const html = response.ok && response.headers.get(RENDERED_START_HEADER) === role ? keptStartPageHtml(await response.text()) : null;
  const entry = html === null ? undefined : ENTRY_SCRIPT.exec(html)?.[1];
  const cache = await storage.open(KEPT_START_PAGES_CACHE);
  if (html === null || !entry || !wanted()) {
    await cache.delete(page);
    return false;
  }
  // The web host's headers go along (its Content-Security-Policy above all), but not what
  // described the body on the wire or who it was for: the copy is decoded text, kept here.
  const headers = new Headers(response.headers);
  for (const name of ['content-encoding', 'content-length', 'cache-control', 'vary']) headers.delete(name);
  headers.set(KEPT_ENTRY_HEADER, entry);
  await cache.put(page, new Response(html, { headers }));
  return true;
}

/** Deletes every kept start page (a sign-out, or a page for someone this device does not know). */
export async function dropKeptStartPages(storage: CacheStorage | undefined): Promise<void> {
  await storage?.delete(KEPT_START_PAGES_CACHE);
}
