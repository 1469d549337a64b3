// The session's refresh that index.html's script starts before the app's scripts arrive
// (app/frame-boot.ts, decision 050). A reload of a signed-in page otherwise waited for the
// scripts to arrive and run before it asked for new tokens, and for those before it asked
// for the page's data: on a slow phone network the refresh's round trips were on the way to
// the page's first real content.

import { DEFAULT_TIMEOUT_MS } from './api-client';

/** The refresh's path on the API, for the boot script, which cannot import. */
export const REFRESH_PATH = '/auth/refresh';

/**
 * How long the boot script's refresh may hold the tabs' refresh lock (the app's own refresh
 * waits behind it) before it gives up: the app's own request timeout. A refresh given up
 * may still have reached the API, which then has spent the cookie the browser still holds,
 * so it is given up no sooner than the app's own refresh would be.
 */
export const EARLY_REFRESH_TIMEOUT_MS = DEFAULT_TIMEOUT_MS;

/** What the boot script's refresh got: the API's token answer and when it came. */
export interface EarlyRefresh {
  answer: unknown;
  receivedAt: number;
}

declare global {
  interface Window {
    /** The boot script's refresh; null when it made none or got no token answer. */
    kbRefresh?: Promise<EarlyRefresh | null>;
  }
}

/** The boot script's refresh, once: the first refresh of the page adopts it. */
export function takeEarlyRefresh(): Promise<EarlyRefresh | null> {
  if (typeof window === 'undefined' || !window.kbRefresh) return Promise.resolve(null);
  const refresh = window.kbRefresh;
  delete window.kbRefresh;
  return refresh.catch(() => null);
}
