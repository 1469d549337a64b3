import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { holdsKeptData } from './kept-data';
import { cacheKeyOf, createQueryPersister, MAX_AGE_MS, RESTORE_WAIT_MS, THROTTLE_MS, type PersistedCache, type PersistStorage } from './query-persist';

/** IndexedDB as these tests need it: values go in and out by structured clone, as IndexedDB stores them. */
function memoryStorage(): PersistStorage & { map: Map<string, PersistedCache> } {
  const map = new Map<string, PersistedCache>();
  return {
    map,
    get: async (key) => (map.has(key) ? structuredClone(map.get(key)) : undefined),
    set: async (key, value) => void map.set(key, structuredClone(value)),
    delete: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
  };
}

const NOW = Date.now();
const ORDERS = ['orders', 'list', { limit: 50 }];
const COUNTS = ['orders', 'counts'];

function setup({ buster = 'build-1', now = () => NOW } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
  const storage = memoryStorage();
  const persister = createQueryPersister({ client, storage, buster, now });
  return { client, storage, persister };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the query cache kept on the device', () => {
  it('writes a member\'s successful queries under their key, at most once a second', async () => {
    vi.useFakeTimers({ now: NOW });
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [{ id: 1 }], total: 1 });
    client.setQueryData(COUNTS, { pending: 2 });
    expect(storage.map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    const record = storage.map.get(cacheKeyOf(7));
    expect(record).toMatchObject({ buster: 'build-1', savedAt: NOW });
    expect(record?.state.queries.map((query) => query.queryKey)).toEqual([ORDERS, COUNTS]);
    expect(record?.state.mutations).toEqual([]);
    expect(cacheKeyOf(7)).toBe('member:7');
  });

  it('never writes a query marked not to be kept (drivers\' positions)', async () => {
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [], total: 0 });
    const positions = ['dispatch', 'drivers', { city_id: 3 }];
    client.getQueryCache().build(client, { queryKey: positions, meta: { persist: false } });
    client.setQueryData(positions, [{ driver_id: 1, position: { lat: 18.5, lng: 73.8 } }]);
    await persister.flush();
    expect(storage.map.get(cacheKeyOf(7))?.state.queries.map((query) => query.queryKey)).toEqual([ORDERS]);
  });

  it('lets the section render without the kept data when the device store does not answer', async () => {
    vi.useFakeTimers({ now: NOW });
    const client = new QueryClient();
    const silent: PersistStorage = { get: () => new Promise(() => undefined), set: async () => undefined, delete: async () => undefined, keys: async () => [] };
    let settled = false;
    void createQueryPersister({ client, storage: silent, buster: 'build-1', now: () => NOW })
      .restore(7)
      .then(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(RESTORE_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('restores them into an empty client, before anything is fetched', async () => {
    const first = setup();
    await first.persister.restore(7);
    first.client.setQueryData(ORDERS, { items: [{ id: 1 }, { id: 2 }], total: 2 });
    await first.persister.flush();

    const client = new QueryClient();
    const again = createQueryPersister({ client, storage: first.storage, buster: 'build-1', now: () => NOW + 60_000 });
    await again.restore(7);
    expect(client.getQueryData(ORDERS)).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(client.getQueryState(ORDERS)?.dataUpdatedAt).toBe(first.client.getQueryState(ORDERS)?.dataUpdatedAt);
  });

  it('asks for restored data afresh when a screen shows it, but not for newer data the client already has', async () => {
    const first = setup();
    await first.persister.restore(7);
    first.client.setQueryData(ORDERS, { items: [{ id: 1 }], total: 1 });
    first.client.setQueryData(COUNTS, { pending: 2 });
    await first.persister.flush();

    // Within staleTime of the write, as a reload right after a change is.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    client.setQueryData(COUNTS, { pending: 3 }, { updatedAt: NOW + 1_000 });
    await createQueryPersister({ client, storage: first.storage, buster: 'build-1', now: () => NOW + 500 }).restore(7);
    expect(client.getQueryData(ORDERS)).toEqual({ items: [{ id: 1 }], total: 1 });
    expect(client.getQueryState(ORDERS)?.isInvalidated).toBe(true);
    expect(client.getQueryData(COUNTS)).toEqual({ pending: 3 });
    expect(client.getQueryState(COUNTS)?.isInvalidated).toBe(false);
  });

  it('marks what it restores as kept, dated no later than now', async () => {
    const first = setup();
    await first.persister.restore(7);
    // Loaded while the device's clock was an hour ahead.
    first.client.setQueryData(ORDERS, { items: [{ id: 1 }], total: 1 }, { updatedAt: NOW + 3_600_000 });
    first.client.setQueryData(COUNTS, { pending: 2 }, { updatedAt: NOW - 60_000 });
    await first.persister.flush();

    const client = new QueryClient();
    await createQueryPersister({ client, storage: first.storage, buster: 'build-1', now: () => NOW }).restore(7);
    const orders = client.getQueryCache().find({ queryKey: ORDERS, exact: true })!;
    const counts = client.getQueryCache().find({ queryKey: COUNTS, exact: true })!;
    expect(orders.state.dataUpdatedAt).toBe(NOW);
    expect(counts.state.dataUpdatedAt).toBe(NOW - 60_000);
    expect([orders, counts].map(holdsKeptData)).toEqual([true, true]);
    expect([orders, counts].map((query) => query.state.isInvalidated)).toEqual([true, true]);
    client.setQueryData(ORDERS, { items: [], total: 0 });
    expect(holdsKeptData(orders)).toBe(false);
  });

  it('never restores one member\'s data for another', async () => {
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await persister.flush();

    const other = new QueryClient();
    await createQueryPersister({ client: other, storage, buster: 'build-1', now: () => NOW }).restore(8);
    expect(other.getQueryData(ORDERS)).toBeUndefined();
  });

  it('clears the client when another member takes the tab over (signed in from another tab)', async () => {
    const { client, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await persister.restore(8);
    expect(client.getQueryData(ORDERS)).toBeUndefined();
    expect(persister.owner()).toBe(8);
  });

  it('keeps only queries that succeeded', async () => {
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [] });
    await client.prefetchQuery({
      queryKey: COUNTS,
      queryFn: () => Promise.reject(new ApiError(500, 'boom')),
      retry: false,
    });
    await persister.flush();
    expect(storage.map.get(cacheKeyOf(7))?.state.queries.map((query) => query.queryKey)).toEqual([ORDERS]);
  });

  it('drops a record written by another build instead of restoring it', async () => {
    const old = setup({ buster: 'build-1' });
    await old.persister.restore(7);
    old.client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await old.persister.flush();

    const client = new QueryClient();
    await createQueryPersister({ client, storage: old.storage, buster: 'build-2', now: () => NOW }).restore(7);
    expect(client.getQueryData(ORDERS)).toBeUndefined();
    expect(old.storage.map.has(cacheKeyOf(7))).toBe(false);
  });

  it('drops a record older than seven days', async () => {
    const old = setup();
    await old.persister.restore(7);
    old.client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await old.persister.flush();

    const late = new QueryClient();
    await createQueryPersister({ client: late, storage: old.storage, buster: 'build-1', now: () => NOW + MAX_AGE_MS + 1 }).restore(7);
    expect(late.getQueryData(ORDERS)).toBeUndefined();
    expect(old.storage.map.size).toBe(0);

    // Within the age it is restored.
    const fresh = setup();
    await fresh.persister.restore(7);
    fresh.client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await fresh.persister.flush();
    const inTime = new QueryClient();
    await createQueryPersister({ client: inTime, storage: fresh.storage, buster: 'build-1', now: () => NOW + MAX_AGE_MS }).restore(7);
    expect(inTime.getQueryData(ORDERS)).toEqual({ items: [{ id: 1 }] });
  });

  it('prunes other members\' records past their age', async () => {
    const { storage, persister } = setup();
    storage.map.set(cacheKeyOf(3), { buster: 'build-1', savedAt: NOW - MAX_AGE_MS - 1, state: { queries: [], mutations: [] } });
    storage.map.set(cacheKeyOf(4), { buster: 'build-1', savedAt: NOW - 1_000, state: { queries: [], mutations: [] } });
    await persister.restore(7);
    await vi.waitFor(() => expect(storage.map.has(cacheKeyOf(3))).toBe(false));
    expect(storage.map.has(cacheKeyOf(4))).toBe(true);
  });

  it('keeps blobs (order photos) as they are', async () => {
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(['orders', 'image', '/orders/1/images/2'], new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    await persister.flush();

    const again = new QueryClient();
    await createQueryPersister({ client: again, storage, buster: 'build-1', now: () => NOW }).restore(7);
    const photo = again.getQueryData<Blob>(['orders', 'image', '/orders/1/images/2']);
    expect(photo).toBeInstanceOf(Blob);
    expect(await photo?.text()).toBe('jpeg bytes');
  });

  it('leaves out a query whose data structured clone cannot take, and keeps the rest', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    client.setQueryData(['odd'], { format: () => 'a function' });
    await persister.flush();
    expect(storage.map.get(cacheKeyOf(7))?.state.queries.map((query) => query.queryKey)).toEqual([ORDERS]);
  });

  it('forgets a member at sign-out: the record goes and nothing more is written', async () => {
    vi.useFakeTimers({ now: NOW });
    const { client, storage, persister } = setup();
    await persister.restore(7);
    client.setQueryData(ORDERS, { items: [{ id: 1 }] });
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(storage.map.has(cacheKeyOf(7))).toBe(true);
    client.setQueryData(COUNTS, { pending: 1 });
    await persister.forget(7);
    client.clear();
    await vi.advanceTimersByTimeAsync(THROTTLE_MS * 2);
    expect(storage.map.has(cacheKeyOf(7))).toBe(false);
    expect(persister.owner()).toBeNull();
  });

  it('answers the same settled restore for the same member, and works without any storage', async () => {
    const { persister } = setup();
    const first = persister.restore(7);
    expect(persister.restore(7)).toBe(first);
    await first;
    expect((first as Promise<void> & { status?: string }).status).toBe('fulfilled');

    const client = new QueryClient();
    const none = createQueryPersister({ client, storage: null, buster: 'build-1' });
    const done = none.restore(7);
    expect((done as Promise<void> & { status?: string }).status).toBe('fulfilled');
    client.setQueryData(ORDERS, { items: [] });
    await none.flush();
    expect(none.owner()).toBeNull();
  });
});
