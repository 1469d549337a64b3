import { STORE_POLL_INTERVAL_MS } from '@app/shared/constants';

// design.md section 12: while the change feed is down, the spec's 5-second polling keeps
// the open screens fresh. Lists answer ETag and the browser revalidates with
// If-None-Match, so an unchanged poll is a 304 without a body.

export interface FallbackPollingDeps {
  /** True while the stream carries events (then nothing is polled). */
  isLive: () => boolean;
  /** Refetches what is on screen. */
  refresh: () => void;
  /** Hidden tabs do not poll; they refetch on focus like every query. */
  isVisible?: () => boolean;
  /** Calls back whenever the tab may have become visible; answers the unsubscribe. */
  onShown?: (listener: () => void) => () => void;
  intervalMs?: number;
}

function onVisibilityChange(listener: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

export const FALLBACK_POLL_INTERVAL_MS = STORE_POLL_INTERVAL_MS;

export function startFallbackPolling({
  isLive,
  refresh,
  isVisible = () => document.visibilityState === 'visible',
  onShown = onVisibilityChange,
  intervalMs = FALLBACK_POLL_INTERVAL_MS,
}: FallbackPollingDeps): () => void {
  const poll = () => {
    if (!isLive() && isVisible()) refresh();
  };
  const timer = setInterval(poll, intervalMs);
  // A tab shown again while the stream is down missed the polls it skipped: at once, not at
  // the next tick (design.md section 23: fresh data whenever a screen is shown).
  const stopShown = onShown(poll);
  return () => {
    clearInterval(timer);
    stopShown();
  };
}
