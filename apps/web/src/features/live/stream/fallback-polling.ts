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
  intervalMs?: number;
}

export const FALLBACK_POLL_INTERVAL_MS = STORE_POLL_INTERVAL_MS;

export function startFallbackPolling({ isLive, refresh, isVisible = () => document.visibilityState === 'visible', intervalMs = FALLBACK_POLL_INTERVAL_MS }: FallbackPollingDeps): () => void {
  const timer = setInterval(() => {
    if (!isLive() && isVisible()) refresh();
  }, intervalMs);
  return () => clearInterval(timer);
}
