import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { openDB } from 'idb';
import { hydrateKept } from './kept-data';

// What the member last loaded, kept on the device (design.md section 15, decision 029): the
// TanStack Query cache, written to IndexedDB per member and restored before their section's
// pages render, so that a start without a network shows the lists at once. In the spirit of
// @tanstack/query-persist-client-core, by hand:
// - one record per member (`member:<id>`): one member's data is never restored for another;
// - only successful queries with data, no mutations (the driver's outbox keeps those), and
//   none marked `meta: { persist: false }`;
// - written at most once a second (THROTTLE_MS) after data changes;
// - a record older than MAX_AGE_MS, or written by another build (`buster`, the build id,
//   whose shapes may differ), is dropped instead of restored;
// - removed at sign-out (forget).
// IndexedDB takes the data by structured clone, so blobs (order photos) are kept as they are.

export const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
export const THROTTLE_MS = 1_000;
export const QUERY_CACHE_DB = 'kabadi-query-cache';
const STORE = 'caches';

export interface PersistedCache {
  /** The build that wrote it (lib/build-id.ts). */
  buster: string;
  /** Epoch ms of the write. */
  savedAt: number;
  state: DehydratedState;
}

/** Where the records live: IndexedDB in the browser, a Map in the tests. */
export interface PersistStorage {
  get(key: string): Promise<PersistedCache | undefined>;
  set(key: string, value: PersistedCache): Promise<void>;
  delete(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export const cacheKeyOf = (memberId: number): string => `member:${memberId}`;

/** The device's IndexedDB, or null where there is none (tests, some private modes). */
export function indexedDbPersistStorage(): PersistStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: ReturnType<typeof openDB> | null = null;
  const open = () =>
    (db ??= openDB(QUERY_CACHE_DB, 1, {
      upgrade(database) {
        database.createObjectStore(STORE);
      },
    }));
  return {
    get: async (key) => (await (await open()).get(STORE, key)) as PersistedCache | undefined,
    set: async (key, value) => void (await (await open()).put(STORE, value, key)),
    delete: async (key) => (await open()).delete(STORE, key),
    keys: async () => (await (await open()).getAllKeys(STORE)).map(String),
  };
}

export interface QueryPersisterOptions {
  client: QueryClient;
  storage: PersistStorage | null;
  buster: string;
  maxAgeMs?: number;
  throttleMs?: number;
  now?: () => number;
}

/** How long a section waits for the device's kept data before it renders without it. */
export const RESTORE_WAIT_MS = 2_000;

/** A promise React's `use()` reads at once once it has settled (`status`, as React marks the promises it tracks): no suspense for a restore already done. */
type Settled = Promise<void>;

function markSettled(promise: Settled): Settled {
  Object.assign(promise, { status: 'fulfilled', value: undefined });
  return promise;
}

const DONE: Settled = markSettled(Promise.resolve());

export function createQueryPersister({ client, storage, buster, maxAgeMs = MAX_AGE_MS, throttleMs = THROTTLE_MS, now = Date.now }: QueryPersisterOptions) {
  /** The member whose data the client holds and whose record is written; null: nothing is written. */
  let owner: number | null = null;
  let restoring: Settled = DONE;
  let unsubscribe: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const fresh = (at: number) => now() - at <= maxAgeMs;

  // `meta: { persist: false }`: data the device must not keep (drivers' positions, personal
  // data the API itself deletes within a day, decision 078) stays in memory only.
  const keep = (query: Query) => query.meta?.persist !== false && query.state.status === 'success' && query.state.data !== undefined && fresh(query.state.dataUpdatedAt);

  function snapshot(): DehydratedState {
    const state = dehydrate(client, { shouldDehydrateQuery: keep, shouldDehydrateMutation: () => false });
    // What a failed refetch left beside the data (an error with its response headers) is not worth keeping.
    return {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, error: null, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' } })),
    };
  }

  async function write(member: number): Promise<void> {
    if (!storage || owner !== member) return;
    const record: PersistedCache = { buster, savedAt: now(), state: snapshot() };
    try {
      await storage.set(cacheKeyOf(member), record);
    } catch (error) {
      // A value structured clone cannot take (DataCloneError): keep the queries it can.
      const queries = record.state.queries.filter((query) => {
        try {
          structuredClone(query.state.data);
          return true;
        } catch {
          return false;
        }
      });
      if (queries.length === record.state.queries.length) {
        console.warn('Could not keep the loaded data on this device', error);
        return;
      }
      try {
        await storage.set(cacheKeyOf(member), { ...record, state: { ...record.state, queries } });
      } catch (retryError) {
        console.warn('Could not keep the loaded data on this device', retryError);
      }
    }
  }

  function schedule() {
    if (owner === null || timer) return;
    const member = owner;
    timer = setTimeout(() => {
      timer = null;
      void write(member);
    }, throttleMs);
  }

  function stop() {
    unsubscribe?.();
    unsubscribe = null;
    if (timer) clearTimeout(timer);
    timer = null;
    owner = null;
    restoring = DONE;
  }

  /** Drops other members' records that are past their age (a shared phone keeps no one's data for ever). */
  async function prune(except: string) {
    if (!storage) return;
    for (const key of await storage.keys()) {
      if (key === except) continue;
      const record = await storage.get(key);
      if (!record || record.buster !== buster || !fresh(record.savedAt)) await storage.delete(key);
    }
  }

  async function load(member: number) {
    if (!storage) return;
    const key = cacheKeyOf(member);
    try {
      // The section waits for this: a device store that does not answer (an upgrade blocked by
      // another tab) must not keep the page blank, so after RESTORE_WAIT_MS it renders without.
      const record = await Promise.race([storage.get(key), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), RESTORE_WAIT_MS))]);
      if (record && owner === member) {
        if (record.buster === buster && fresh(record.savedAt)) {
          hydrateKept(client, record.state, now());
        } else await storage.delete(key);
      }
    } catch (error) {
      console.warn('Could not read the data kept on this device', error);
    }
    void prune(key).catch(() => undefined);
  }

  return {
    /**
     * Puts `memberId`'s kept data into the client and writes theirs from then on. Answers a
     * promise that settles when done (never rejects); the same one while the member is the same.
     */
    restore(memberId: number | null): Settled {
      if (memberId === owner) return restoring;
      const previous = owner;
      stop();
      // Another member in this tab (signed in from another tab): nothing of the last one stays.
      if (previous !== null) client.clear();
      if (memberId === null || !storage) return DONE;
      owner = memberId;
      const member = memberId;
      const loaded = load(member).then(() => {
        if (owner !== member) return;
        unsubscribe = client.getQueryCache().subscribe((event) => {
          if (event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) schedule();
        });
      });
      const done: Settled = loaded.then(() => void markSettled(done));
      restoring = done;
      return done;
    },
    /** Stops writing and removes the member's record (sign-out). */
    async forget(memberId: number): Promise<void> {
      if (owner === memberId) stop();
      try {
        await storage?.delete(cacheKeyOf(memberId));
      } catch (error) {
        console.warn('Could not remove the data kept on this device', error);
      }
    },
    /** Writes now what a pending throttled write would (for tests and before a page unloads). */
    async flush(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      if (owner !== null) await write(owner);
    },
    /** The member whose data is being kept; null when none. */
    owner: () => owner,
  };
}

export type QueryPersister = ReturnType<typeof createQueryPersister>;
