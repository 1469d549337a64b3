import { hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

// Kept data (design.md section 23, "never silently stale"): what a query holds that was not
// loaded from the server since this tab last had contact with it: restored from the device
// (lib/query-persist.ts), or loaded before the device went offline (lib/query-client.ts).
// Both places also mark it stale, so a screen that shows it asks afresh; until the answer
// comes, the layouts say how old it is (components/layouts/kept-data-notice.tsx). Data stays
// kept until the query's data is replaced (any answer from the server), so a refetch after
// a live event, which replaces data this tab loaded itself, never counts.

/** The load time of the data each query held when it was marked; a WeakMap, so removed queries go with it. */
const keptAt = new WeakMap<Query, number>();

/** Marks what these queries hold now as kept (queries without data are left out). */
export function markKept(queries: Iterable<Query>): void {
  for (const query of queries) if (query.state.data !== undefined) keptAt.set(query, query.state.dataUpdatedAt);
}

/**
 * Takes kept answers (the device's record, a kept copy of the rendered start page) into the
 * client; a query it already holds newer data for is left alone. Kept data shows at once but
 * is asked for afresh when a screen shows it online: its age within staleTime proves nothing
 * (it may predate the last change), so it goes in already stale, and never dated later than
 * `now`: a load time in the future (a device clock set back since) would make it look newer
 * than the answers that replace it. The layouts say how old it is until the server answers.
 */
export function hydrateKept(client: QueryClient, state: DehydratedState, now: number): void {
  const kept = state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: Math.min(query.state.dataUpdatedAt, now), isInvalidated: true } }));
  hydrate(client, { ...state, queries: kept });
  markKept(
    kept.flatMap((entry) => {
      const query = client.getQueryCache().find({ queryKey: entry.queryKey, exact: true });
      return query && query.state.data === entry.state.data ? [query] : [];
    }),
  );
}

/** Whether the query still holds the data it held when marked kept. */
export function holdsKeptData(query: Query): boolean {
  return query.state.data !== undefined && keptAt.get(query) === query.state.dataUpdatedAt;
}

/** A query that shows kept data and is owed a fresh answer: being fetched, waiting to be, or its last try failed. */
function awaitsFreshData(query: Query): boolean {
  const { fetchStatus, isInvalidated, status } = query.state;
  return fetchStatus !== 'idle' || isInvalidated || status === 'error';
}

export interface KeptDataOnScreen {
  /** When the oldest kept data on screen was loaded (epoch ms). */
  loadedAt: number;
  /** Whether a fresh answer is being asked for (false: the last try failed). */
  updating: boolean;
}

/**
 * The kept data the screen shows (active queries) while it waits for fresh data; null when
 * everything shown came from the server since the last contact, or is not owed an answer.
 */
export function keptDataOnScreen(client: QueryClient): KeptDataOnScreen | null {
  let found: KeptDataOnScreen | null = null;
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    if (!holdsKeptData(query) || !awaitsFreshData(query)) continue;
    const loadedAt = query.state.dataUpdatedAt;
    const updating = query.state.fetchStatus !== 'idle';
    found = found ? { loadedAt: Math.min(found.loadedAt, loadedAt), updating: found.updating || updating } : { loadedAt, updating };
  }
  return found;
}
