import { onlineManager, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isNetworkFailure } from './api-error';
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
