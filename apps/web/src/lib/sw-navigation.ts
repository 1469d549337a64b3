import { LANGUAGES, type Language } from '@app/shared/constants';

// What the service worker (src/sw.ts) answers a navigation with, as the web host does
// (apps/api/src/web-host/, decision 026): the prerendered page for /login and /Sell, in the
// language the device chose, and index.html for every other client route. Pure functions
// with no DOM, so the service worker's bundle can take them and tests can check them.

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** A path that names a file (`/favicon.png`, `/assets/x.js`) is a file or a 404, never the app's HTML. */
export function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,12}$/i.test(pathname);
}

/** The build's prerendered pages (vite-prerender-login.ts): their file's name by route. */
const PRERENDERED_PAGES: Record<string, string> = { '/login': 'login', '/sell': 'sell' };

/** The prerendered page of `pathname` (/login, /Sell: in any case, with or without a trailing slash), or null. */
export function prerenderedPageOf(pathname: string): string | null {
  return PRERENDERED_PAGES[pathname.toLowerCase().replace(/(.)\/$/, '$1')] ?? null;
}

/** /login in any case (the router ignores case), with or without a trailing slash. */
export const isLoginPath = (pathname: string): boolean => prerenderedPageOf(pathname) === 'login';

/**
 * The sign-in page's language, as the host chooses it: the device's choice (the `language`
 * cookie lib/language.ts writes), else the browser's first language the app has, else English.
 */
export function loginLanguage(cookieLanguage: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(cookieLanguage)) return cookieLanguage;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The build's file of a prerendered page in `language`: login.html is English (vite-prerender-login.ts). */
export const pageFileOf = (page: string, language: Language): string => (language === 'en' ? `/${page}.html` : `/${page}.${language}.html`);

export const INDEX_PAGE = '/index.html';

/**
 * The precached pages that may answer a navigation to `pathname`, best first; empty when the
 * path names a file (the network answers it, with the file or a 404).
 */
export function pagesForNavigation(pathname: string, language: Language): string[] {
  if (looksLikeFile(pathname)) return [];
  const page = prerenderedPageOf(pathname);
  if (page === null) return [INDEX_PAGE];
  const pages = [pageFileOf(page, language), pageFileOf(page, 'en'), INDEX_PAGE];
  return [...new Set(pages)];
}
