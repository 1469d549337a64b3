import { onlineManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isNetworkFailure } from './api-error';
import { markKept } from './kept-data';
import { isOnline, subscribeOnline } from './network-status';

// The API client already retries idempotent GETs (RETRY_POLICY), so queries do not retry
// again on top of it. Errors are left to the page that shows the data.
//
// Offline (decision 029): TanStack's idea of the network is lib/network-status.ts's, from the
// start (its own begins "online" until an `offline` event, which a start offline never
// sends). A query does not run while offline: it waits, and keeps the data it has (restored
// from the device by lib/query-persist.ts). A query that fails for want of a network while
// the browser says it is offline waits for the network too, instead of turning into an error
// that would hide what is on the screen; it runs again when the browser is back online.
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeOnline(setOnline);
});

/** Retry only what failed because the device is offline: TanStack then pauses it until it is online. */
export function retryWhenOffline(_failureCount: number, error: unknown): boolean {
  return isNetworkFailure(error) && !isOnline();
}

const defaultOptions: DefaultOptions = {
  queries: {
    retry: retryWhenOffline,
    retryDelay: 0,
    staleTime: 30_000,
    // What the device keeps (lib/query-persist.ts) is a snapshot of this cache: a query nobody
    // has looked at for five minutes must not vanish from the next one (TanStack's default).
    gcTime: 24 * 60 * 60_000,
    refetchOnWindowFocus: true,
  },
  mutations: {
    retry: false,
  },
};

export const queryClient = new QueryClient({ defaultOptions });

/**
 * Back online after any time offline (design.md section 23): everything loaded before is kept
 * data now, whatever its age. TanStack on its own refetches only what is past staleTime, and
 * only the queries on screen; here every query is marked stale (the screens showing one ask
 * afresh now, the others when shown), and kept (lib/kept-data.ts), so the layouts say how
 * old it is until the answer comes. A fetch already waiting for the network is joined, not
 * started again.
 */
export function refreshAfterOffline(client: QueryClient): Promise<void> {
  markKept(client.getQueryCache().getAll());
  return client.invalidateQueries(undefined, { cancelRefetch: false });
}

// A tab that starts offline has been offline too (no `offline` event ever comes for it).
let wasOffline = !isOnline();
subscribeOnline((online) => {
  if (!online) wasOffline = true;
  else if (wasOffline) {
    wasOffline = false;
    void refreshAfterOffline(queryClient);
  }
});
