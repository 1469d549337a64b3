import { RENDERED_START_HEADER, RENDERED_START_PAGES, START_SESSION_PATH } from '@app/shared/rendered-start';
import type { SessionStore } from './session';

const browserFetch: typeof fetch = (input, init) => fetch(input, init);
// Asked for once the cookie is set or dropped, never before the page's first paint: not in every page's first scripts.
const keptPages = () => import('./kept-start-page');
const browserCaches = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

/**
 * Keeps the web host's start cookie (decision 089) in step with `session`: asked for with each
 * new access token of a signed-in member (the web host then renders their start page with
 * their answers on a visit without the service worker), dropped when the session ends. Both
 * go to the web app's own origin, not the API; a host without them (Vite's dev server) answers
 * 404, and a failure only means the next first visit starts as before. With the cookie, a
 * fresh copy of the rendered page is kept for the next start (lib/kept-start-page.ts).
 */
export function keepStartCookie(session: SessionStore, send: typeof fetch = browserFetch, storage: () => CacheStorage | undefined = browserCaches): void {
  let asked: string | null = null;
  keepInNewLanguage = () => {
    const { user } = session.getState();
    const page = user ? (RENDERED_START_PAGES as Partial<Record<string, string>>)[user.role] : undefined;
    if (!user || !page) return;
    void keptPages()
      .then(async ({ dropKeptStartPages, keepStartPage }) => {
        // The copy goes first: offline, no new one comes, and the old one would start the app in the other language.
        await dropKeptStartPages(storage());
        await keepStartPage(page, { send, storage: storage(), wanted: () => session.getState().user?.memberId === user.memberId });
      })
      .catch(() => undefined);
  };
  session.subscribe(() => {
    const { tokens, user } = session.getState();
    const token = user && tokens ? tokens.accessToken : null;
    if (!user || !token || token === asked) return;
    asked = token;
    const page = (RENDERED_START_PAGES as Partial<Record<string, string>>)[user.role];
    void send(START_SESSION_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' })
      .then(async (response) => {
        // The host says whether it renders the page for this browser (a phone's): only then is there a copy to keep.
        if (!response.ok || !page || !response.headers.has(RENDERED_START_HEADER)) return;
        const { keepStartPage } = await keptPages();
        await keepStartPage(page, { send, storage: storage(), wanted: () => session.getState().user?.memberId === user.memberId });
      })
      .catch(() => undefined);
  });
  session.onSignOut(() => {
    asked = null;
    dropStartCookie(send, storage);
  });
}

let keepInNewLanguage: (() => void) | null = null;

/**
 * The device's language changed (lib/language.ts, after the language cookie): the kept start
 * page, drawn in the language before, is replaced by one the web host draws in the new one, so
 * the next start does not show the page in one language and the app in the other.
 */
export function keepStartPageInNewLanguage(): void {
  keepInNewLanguage?.();
}

/**
 * Drops the start cookie of every section on this device and the start pages it keeps (a
 * sign-out, or a rendered page for someone this device does not know). The copies go at once,
 * offline too; the cookie with the next request that reaches the web host.
 */
export function dropStartCookie(send: typeof fetch = browserFetch, storage: () => CacheStorage | undefined = browserCaches): void {
  void keptPages()
    .then(({ dropKeptStartPages }) => dropKeptStartPages(storage()))
    .catch(() => undefined);
  void send(START_SESSION_PATH, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
}
