import type { QueryClient } from '@tanstack/react-query';
import { eventsUrl } from '@/data/events';
import { subscribeOnline } from '@/lib/network-status';
import { session } from '@/lib/session';
import { startEventStream } from './event-stream';
import { startFallbackPolling } from './fallback-polling';
import { liveStatus } from './live-status';
import { LIVE_RESOURCES, createLiveSync, refreshResources } from './live-sync';
import { connectSse } from './sse-connection';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

function start(queryClient: QueryClient): () => void {
  const sync = createLiveSync(queryClient);
  const stopStream = startEventStream({
    url: eventsUrl,
    getToken: (force) => session.getAccessToken({ forceRefresh: force }),
    connect: connectSse,
    onEvent: sync.onEvent,
    onState: liveStatus.set,
    onReconnect: sync.refreshAll,
    onFirstOpen: sync.refreshLoadedBefore,
    sleep,
    subscribeOnline,
    random: Math.random,
  });
  const stopPolling = startFallbackPolling({
    isLive: () => liveStatus.get() === 'live',
    refresh: () => void refreshResources(queryClient, LIVE_RESOURCES),
  });
  return () => {
    stopStream();
    stopPolling();
    sync.dispose();
    liveStatus.set('idle');
  };
}

let users = 0;
let stop: (() => void) | null = null;

/**
 * One stream per tab however many components ask for it (React's strict mode mounts
 * twice); the last one to leave closes it.
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  users += 1;
  if (users === 1) stop = start(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) {
      stop?.();
      stop = null;
    }
  };
}
