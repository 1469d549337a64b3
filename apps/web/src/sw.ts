/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { drawsFrame, KEPT_START_PAGES_CACHE, RENDERED_START_PAGES, startRoleOf, withoutFrames } from '@app/shared/rendered-start';
import { KEPT_ENTRY_HEADER } from '@/lib/kept-start-page';
import { INDEX_PAGE, loginLanguage, looksLikeFile, pagesForNavigation } from '@/lib/sw-navigation';
import { registerPushHandlers } from './sw-push';

// The service worker at /sw.js, scope / (docs/decisions/029-service-worker-and-offline-shell.md).
// vite-plugin-pwa builds this file (injectManifest) and writes the build's file list into
// self.__WB_MANIFEST: every script and stylesheet, index.html, the sign-in pages, fonts and
// icons. A new build is a new sw.js: it installs in the background and waits until every tab
// of the old one is closed, or until the app asks it to take over (lib/service-worker.ts,
// at the build check's reload point), so a page never mixes two builds.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The message lib/service-worker.ts posts to a waiting worker at the build check's reload point. */
const SKIP_WAITING = 'SKIP_WAITING';

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page over at once (nothing older controls it), so a first
// visit is ready to open offline without a reload. An update never activates by itself.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// What the app needs to know about the build running on the server: never from a cache.
registerRoute(({ url }) => sameOrigin(url) && url.pathname === '/build-id.json', new NetworkOnly());

// The deployment's configuration: the last one the server gave, at once, and a fresh copy
// asked for beside it for the next start. A phone's start reads it before it draws anything,
// so it does not wait a round trip on a slow network (decision 076), and it starts offline
// with the API it last used. A changed configuration takes effect at the start after.
const CONFIG_URL = '/config.json';
const CONFIG_CACHE = 'kabadi-config';
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === CONFIG_URL,
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }),
);

// The page that registered this worker read /config.json before the worker could see it: a
// copy now, so that the next start offline has one (best effort; the install goes on without).
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(CONFIG_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
        if (response.ok) await (await caches.open(CONFIG_CACHE)).put(CONFIG_URL, response);
      } catch {
        // Offline while installing: the first start with a network fills it.
      }
    })(),
  );
});

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null | undefined>;
}

/** The device's language choice, from the `language` cookie where the browser lets a worker read it. */
async function cookieLanguage(): Promise<string | null> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  if (!store) return null;
  try {
    return (await store.get('language'))?.value ?? null;
  } catch {
    return null;
  }
}

/** The device's language: its choice (the `language` cookie), else the browser's, else English. */
async function deviceLanguage() {
  return loginLanguage(await cookieLanguage(), self.navigator.languages ?? [self.navigator.language]);
}

/**
 * The member's start page as the app kept it (lib/kept-start-page.ts, decision 090), if it
 * loads this build's files; a copy for another build goes.
 */
async function keptStartPage(pathname: string): Promise<Response | undefined> {
  const role = startRoleOf(pathname);
  if (!role) return undefined;
  const cache = await caches.open(KEPT_START_PAGES_CACHE);
  const kept = await cache.match(RENDERED_START_PAGES[role]);
  const entry = kept?.headers.get(KEPT_ENTRY_HEADER);
  if (!kept || !entry) return undefined;
  if (await matchPrecache(entry)) return kept;
  await cache.delete(RENDERED_START_PAGES[role]);
  return undefined;
}

/** index.html without its frames, with its headers but those that described its former body. */
async function framelessCopy(index: Response): Promise<Response> {
  const headers = new Headers(index.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(withoutFrames(await index.text()), { status: index.status, headers });
}

// Navigations: the app's pages come from the device, of the same build as the scripts they
// load, with or without a network. A phone section's start page is the member's own, kept
// with its answers, where the app has kept one; /login gets the prerendered sign-in page in
// the device's language; every other client route index.html; a path that names a file goes
// to the network.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !looksLikeFile(url.pathname),
  async ({ request, url }) => {
    const kept = await keptStartPage(url.pathname);
    if (kept) return kept;
    for (const page of pagesForNavigation(url.pathname, await deviceLanguage())) {
      const cached = await matchPrecache(page);
      // index.html's frames only where one is drawn (decision 092), as the web host sends it.
      if (cached && page === INDEX_PAGE && !drawsFrame(url.pathname)) return framelessCopy(cached);
      if (cached) return cached;
    }
    return fetch(request);
  },
);

// The build's files themselves (scripts, styles, fonts, icons, the manifest): from the precache.
addRoute({ cleanURLs: false });

// Web Push (design.md section 15): a push shows a notification, a tap opens its page.
registerPushHandlers(self, deviceLanguage);
