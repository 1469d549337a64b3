import { isChunkLoadError } from './build-update';
import { isOnline, subscribeOnline } from './network-status';

/** The first wait before a chunk that failed online is asked for again; it doubles up to the last. */
export const FIRST_RETRY_MS = 2_000;
export const LAST_RETRY_MS = 30_000;

export interface ImportRetries {
  firstRetryMs?: number;
  /**
   * Offline: `wait` for the network (a part of a page, which has nowhere else to say why it is
   * missing), or `fail` at once (a page, whose route error boundary says so and opens it when
   * the network is back).
   */
  offline?: 'wait' | 'fail';
  /** How many loads in all before the chunk error is the caller's; unlimited by default. */
  tries?: number;
}

/**
 * Loads a lazy part of the app (a chunk), waiting out a lost or weak connection (decisions 095
 * and 096). Until the service worker holds the build (a first visit), a chunk can fail for the
 * network: thrown, it would replace the page with an error boundary. Offline, the load is asked
 * again once the browser is back online; online (one bar of signal, or a host restarting),
 * after a wait that doubles up to 30 s (Chromium fetches a failed module again). A chunk gone
 * for a new build is lib/build-update.ts's: it reloads once the host names the new build. What
 * the module itself throws is the caller's.
 */
export function importWhenOnline<T>(load: () => Promise<T>, { firstRetryMs = FIRST_RETRY_MS, offline = 'wait', tries = Infinity }: ImportRetries = {}): Promise<T> {
  const attempt = (retryMs: number, triesLeft: number): Promise<T> =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error) && isOnline()) throw error;
      if (triesLeft <= 1 || (offline === 'fail' && !isOnline())) throw error;
      const next = () => attempt(Math.min(retryMs * 2, LAST_RETRY_MS), triesLeft - 1);
      return (isOnline() ? delay(retryMs) : nextOnline()).then(next);
    });
  return attempt(firstRetryMs, tries);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function nextOnline(): Promise<void> {
  return new Promise((resolve) => {
    const stop = subscribeOnline((online) => {
      if (!online) return;
      stop();
      resolve();
    });
  });
}
