import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { createLiveSync, refreshLoadedBefore, resourcesOf } from './live-sync';

const clients: QueryClient[] = [];

/** A query on screen (an observer is subscribed) that counts its fetches. */
function watched(queryClient: QueryClient, queryKey: readonly unknown[]) {
  const queryFn = vi.fn(async () => 'data');
  const observer = new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity });
  observer.subscribe(() => undefined);
  return queryFn;
}

function client() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  return queryClient;
}

const settle = (ms = 80) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  clients.splice(0).forEach((queryClient) => queryClient.clear());
});

describe('createLiveSync', () => {
  it('refetches the screens an order event moves, once for a burst, and leaves the rest alone', async () => {
    const queryClient = client();
    const list = watched(queryClient, queryKeys.orders.list({ status: 'pending' }));
    const detail = watched(queryClient, queryKeys.orders.detail(12));
    const popup = watched(queryClient, queryKeys.orders.waitingStore());
    const wallet = watched(queryClient, queryKeys.wallets.list());
    const rates = watched(queryClient, queryKeys.catalog.rates());
    const bell = watched(queryClient, queryKeys.notifications.unread());
    const dispatch = watched(queryClient, queryKeys.dispatch.drivers({ city_id: 3 }));
    await settle();
    [list, detail, popup, wallet, rates, bell, dispatch].forEach((fn) => expect(fn).toHaveBeenCalledTimes(1));

    const sync = createLiveSync(queryClient, { delayMs: 20 });
    for (let i = 0; i < 5; i += 1) sync.onEvent({ id: String(i), event: 'order', data: '{"id":12,"status":"accepted"}' });
    await settle();
    [list, detail, popup, wallet, dispatch].forEach((fn) => expect(fn).toHaveBeenCalledTimes(2));
    expect(rates).toHaveBeenCalledTimes(1);
    expect(bell).toHaveBeenCalledTimes(1);

    sync.onEvent({ id: '9', event: 'notification', data: '{"id":3}' });
    sync.onEvent({ id: '10', event: 'rates', data: '{"version":4}' });
    await settle();
    expect(bell).toHaveBeenCalledTimes(2);
    expect(rates).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenCalledTimes(2);
    sync.dispose();
  });

  it("refetches the open order and its lists on an ETA event, which keeps the order's status and updated_at (decision 078)", async () => {
    const queryClient = client();
    const order = { id: 12, status: 'moving', updated_at: '2026-12-06T07:00:00.000Z' };
    const detail = watched(queryClient, queryKeys.orders.detail(12));
    const list = watched(queryClient, queryKeys.orders.list({ limit: 25, pages: true }));
    queryClient.setQueryData(queryKeys.orders.detail(12), { ...order, eta: { distance_km: 5.04, minutes: 17, at: '2026-12-06T06:59:50.000Z' } });
    await settle();
    const sync = createLiveSync(queryClient, { delayMs: 1 });
    sync.onEvent({ id: '40', event: 'order', data: JSON.stringify({ ...order, eta: { distance_km: 2.31, minutes: 8, at: '2026-12-06T07:00:20.000Z' } }) });
    await settle(30);
    expect(detail).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenCalledTimes(2);
    sync.dispose();
  });

  it('marks queries off screen stale without fetching them', async () => {
    const queryClient = client();
    queryClient.setQueryData(queryKeys.orders.detail(5), { id: 5 });
    const sync = createLiveSync(queryClient, { delayMs: 1 });
    sync.onEvent({ id: '1', event: 'order', data: '{"id":5}' });
    await settle(30);
    expect(queryClient.getQueryState(queryKeys.orders.detail(5))?.isInvalidated).toBe(true);
  });

  it('on the first open, refetches on screen what the live resources loaded before it, and nothing newer or not live', async () => {
    const queryClient = client();
    const kept = queryKeys.orders.list({ status: 'pending' });
    const newer = queryKeys.orders.detail(3);
    const notLive = [...queryKeys.partners.all, 'list'];
    queryClient.setQueryData(kept, 'kept', { updatedAt: 1_000 });
    queryClient.setQueryData(newer, 'newer', { updatedAt: 9_000 });
    queryClient.setQueryData(notLive, 'partners', { updatedAt: 1_000 });
    queryClient.setQueryData(queryKeys.wallets.list(), 'off screen', { updatedAt: 1_000 });
    const fetches = [watched(queryClient, kept), watched(queryClient, newer), watched(queryClient, notLive)];
    await settle(10);
    fetches.forEach((fn) => expect(fn).not.toHaveBeenCalled());

    await refreshLoadedBefore(queryClient, 5_000);
    expect(fetches.map((fn) => fn.mock.calls.length)).toEqual([1, 0, 0]);
    expect(queryClient.getQueryData(kept)).toBe('data');
    expect(queryClient.getQueryState(queryKeys.wallets.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(notLive)?.isInvalidated).toBe(false);
  });

  it('joins a fetch already on its way instead of starting another', async () => {
    const queryClient = client();
    const key = queryKeys.orders.list({ status: 'pending' });
    queryClient.setQueryData(key, 'kept', { updatedAt: 1_000 });
    let answer!: (value: string) => void;
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    new QueryObserver(queryClient, { queryKey: key, queryFn, staleTime: 0 }).subscribe(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
    const refreshed = refreshLoadedBefore(queryClient, 5_000);
    answer('fresh');
    await refreshed;
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(key)).toBe('fresh');
  });

  it('ignores events it does not know', () => {
    expect(resourcesOf({ event: 'something-new' })).toEqual([]);
    expect(resourcesOf({ event: '' })).toEqual([]);
  });
});
