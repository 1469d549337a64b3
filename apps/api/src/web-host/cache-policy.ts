import path from 'node:path';

/**
 * Cache-Control for a file of the build. Files under assets/ carry a content hash in their
 * name, so a browser may keep them for a year without asking; everything else (favicon,
 * manifest, icons, build-id.json, the service worker sw.js) keeps its name across builds and
 * is revalidated.
 */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  return relative[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The service worker the build writes at its root (decision 029). */
export function isServiceWorker(root: string, filePath: string): boolean {
  return path.relative(root, filePath) === 'sw.js';
}

/** A path that names a file (`/favicon.png`, `/assets/x.js`) is a file or a 404, never the app's HTML. */
export function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,12}$/i.test(pathname);
}

/** The pages the web build prerenders (<name>.html, decision 026), by their route. */
export const PRERENDERED_PAGES = { '/login': 'login', '/sell': 'sell' } as const;
export type PrerenderedPage = (typeof PRERENDERED_PAGES)[keyof typeof PRERENDERED_PAGES];

/** The prerendered page for `url` (/login, /Sell: in any case, with or without a query or a trailing slash), or null. */
export function prerenderedPageOf(url: string): PrerenderedPage | null {
  const pathname = (url.split('?')[0] ?? '').toLowerCase().replace(/(.)\/$/, '$1');
  return (PRERENDERED_PAGES as Record<string, PrerenderedPage>)[pathname] ?? null;
}
