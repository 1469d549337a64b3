import type { Query, QueryClient } from '@tanstack/react-query';
import { LIVE_EVENT_NAMES, type LiveEventName } from '@app/shared/constants';
import { queryKeys, type QueryResource } from '@/lib/query-keys';
import type { RawEvent } from './event-stream';

// What a server event means for the screens: which cached queries are out of date. Only
// queries on screen refetch at once (TanStack's `refetchType: 'active'`); the rest are
// marked stale and refetch when a screen shows them again.

/**
 * design.md section 12: `order` reaches everyone who may see the order. Its status moves
 * lists, tabs, charts, the detail, the store's pop-up and the driver's board (all under
 * `orders`), a completion moves wallets, an issue or escalation moves Escalations, and a
 * driver taking, moving or finishing an order moves what the dispatch view says it holds.
 */
const RESOURCES_BY_EVENT: Record<LiveEventName, readonly QueryResource[]> = {
  order: ['orders', 'wallets', 'escalations', 'dispatch'],
  // A notification says something happened to the member: the bell, and the escalation it may announce.
  notification: ['notifications', 'escalations'],
  rates: ['catalog'],
};

/** Everything a server event can move: refetched after a gap, and polled while the stream is down. */
export const LIVE_RESOURCES: readonly QueryResource[] = [...new Set(Object.values(RESOURCES_BY_EVENT).flat())];

const isLiveEventName = (name: string): name is LiveEventName => (LIVE_EVENT_NAMES as readonly string[]).includes(name);

/** What an event moves; nothing for an event this app does not know (a newer server). */
export function resourcesOf(event: Pick<RawEvent, 'event'>): readonly QueryResource[] {
  return isLiveEventName(event.event) ? RESOURCES_BY_EVENT[event.event] : [];
}

/** Invalidates the active queries of `resources`. */
export function refreshResources(queryClient: QueryClient, resources: Iterable<QueryResource>): Promise<void> {
  return Promise.all([...resources].map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys[resource].all, refetchType: 'active' }))).then(() => undefined);
}

/** Invalidates what the live resources hold from before `before`; what is on screen refetches, joining a fetch in flight. */
export function refreshLoadedBefore(queryClient: QueryClient, before: number): Promise<void> {
  const older = (query: Query) => query.state.dataUpdatedAt < before;
  return Promise.all(
    LIVE_RESOURCES.map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys[resource].all, predicate: older, refetchType: 'active' }, { cancelRefetch: false })),
  ).then(() => undefined);
}

/**
 * Turns events into invalidations, batched over `delayMs`: a burst (a replay after a
 * reconnect, a bulk change) costs one refetch per screen, well inside design.md's 1 s.
 */
export function createLiveSync(queryClient: QueryClient, { delayMs = 50 }: { delayMs?: number } = {}) {
  const due = new Set<QueryResource>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush() {
    timer = undefined;
    const resources = [...due];
    due.clear();
    void refreshResources(queryClient, resources);
  }

  function schedule(resources: readonly QueryResource[]) {
    if (resources.length === 0) return;
    resources.forEach((resource) => due.add(resource));
    timer ??= setTimeout(flush, delayMs);
  }

  return {
    onEvent: (event: RawEvent) => schedule(resourcesOf(event)),
    /** After a loss: whatever the replay may not cover. */
    refreshAll: () => schedule(LIVE_RESOURCES),
    /**
     * The first stream of the tab is open: what was loaded before it could hear of changes
     * (`before`, epoch ms) is asked for again, a fetch already on its way is joined; what was
     * loaded since is as fresh as the stream.
     */
    refreshLoadedBefore: (before: number) => {
      void refreshLoadedBefore(queryClient, before);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      due.clear();
    },
  };
}
