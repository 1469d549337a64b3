// @vitest-environment happy-dom
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline } from '@/test/network';
import { ApiError } from './api-error';
import { holdsKeptData } from './kept-data';
import { queryClient, retryWhenOffline } from './query-client';

const networkError = () => new ApiError(0, 'Cannot reach the server.', {}, 'network');

// As QueryClientProvider does: the client listens to the network and focus.
beforeAll(() => queryClient.mount());
afterAll(() => queryClient.unmount());
afterEach(() => {
  setBrowserOnline(true);
  queryClient.clear();
});

describe('queries without a network', () => {
  it('retry only what failed for want of a network while the browser says it is offline', () => {
    setBrowserOnline(false);
    expect(retryWhenOffline(0, networkError())).toBe(true);
    expect(retryWhenOffline(0, new ApiError(0, 'slow', {}, 'timeout'))).toBe(true);
    expect(retryWhenOffline(0, new ApiError(500, 'boom'))).toBe(false);
    setBrowserOnline(true);
    expect(retryWhenOffline(0, networkError())).toBe(false);
  });

  it('follow the browser\'s network state, from the start', () => {
    setBrowserOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    setBrowserOnline(true);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('keep their data and wait when a refetch finds no network, then run again once online', async () => {
    queryClient.setQueryData(['orders'], ['kept']);
    let network = false;
    const queryFn = async () => {
      if (!network) {
        // The request left while the browser still thought it was online.
        setBrowserOnline(false);
        throw networkError();
      }
      return ['fresh'];
    };
    const refetch = queryClient.fetchQuery({ queryKey: ['orders'], queryFn, staleTime: 0 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const waiting = queryClient.getQueryState(['orders']);
    expect(waiting).toMatchObject({ status: 'success', data: ['kept'], fetchStatus: 'paused' });
    network = true;
    setBrowserOnline(true);
    await expect(refetch).resolves.toEqual(['fresh']);
    expect(queryClient.getQueryState(['orders'])).toMatchObject({ status: 'success', data: ['fresh'], fetchStatus: 'idle' });
  });

  it('do not start while offline, and show an error online as before', async () => {
    setBrowserOnline(false);
    queryClient.setQueryData(['counts'], { pending: 1 });
    void queryClient.refetchQueries({ queryKey: ['counts'] });
    expect(queryClient.getQueryState(['counts'])?.status).toBe('success');
    setBrowserOnline(true);
    await expect(queryClient.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(networkError()) })).rejects.toMatchObject({ status: 0 });
    expect(queryClient.getQueryState(['other'])?.status).toBe('error');
  });
});

describe('back online after an offline period', () => {
  it('asks afresh for what the screens show, however fresh it looked, and marks everything loaded before as kept', async () => {
    let answers = 0;
    const shown = new QueryObserver(queryClient, { queryKey: ['shown'], queryFn: async () => `answer ${(answers += 1)}`, staleTime: 60_000 });
    const unsubscribe = shown.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(['shown'])).toBe('answer 1'));
    queryClient.setQueryData(['elsewhere'], 'not on screen');

    setBrowserOnline(false);
    setBrowserOnline(true);
    const elsewhere = queryClient.getQueryCache().find({ queryKey: ['elsewhere'] })!;
    expect(holdsKeptData(elsewhere)).toBe(true);
    expect(elsewhere.state.isInvalidated).toBe(true);
    await vi.waitFor(() => expect(queryClient.getQueryData(['shown'])).toBe('answer 2'));
    // The answer replaced the kept data.
    expect(holdsKeptData(queryClient.getQueryCache().find({ queryKey: ['shown'] })!)).toBe(false);
    unsubscribe();
  });

  it('does nothing on an online event that follows no offline one', async () => {
    queryClient.setQueryData(['orders'], ['loaded']);
    setBrowserOnline(true);
    const query = queryClient.getQueryCache().find({ queryKey: ['orders'] })!;
    expect(query.state.isInvalidated).toBe(false);
    expect(holdsKeptData(query)).toBe(false);
  });

  // Last: it loads a second copy of the module, as a tab that starts with no network does.
  it('counts a start without a network as an offline period', async () => {
    setBrowserOnline(false);
    vi.resetModules();
    const tab = await import('./query-client');
    const kept = await import('./kept-data');
    tab.queryClient.setQueryData(['kept'], 'restored');
    setBrowserOnline(true);
    expect(kept.holdsKeptData(tab.queryClient.getQueryCache().find({ queryKey: ['kept'] })!)).toBe(true);
    expect(tab.queryClient.getQueryState(['kept'])?.isInvalidated).toBe(true);
  });
});
