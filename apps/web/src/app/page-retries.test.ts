// @vitest-environment happy-dom
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBrowserOnline as setOnline } from '@/test/network';
import { withRetries } from './router';

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module: /assets/earnings.js');
const Page = () => null;
const RETRIES = { offline: 'fail', firstRetryMs: 5, tries: 3 } as const;

afterEach(() => setOnline(true));

function routerWith(lazy: () => Promise<{ Component: () => null }>) {
  const routes: RouteObject[] = [{ path: '/', children: [{ path: 'Earnings', lazy }] }];
  return createMemoryRouter(withRetries(routes, RETRIES), { initialEntries: ['/'] });
}

describe("a page's chunk on a weak network (decision 096)", () => {
  it('one that did not arrive online is asked for again, and the page opens', async () => {
    const lazy = vi.fn<() => Promise<{ Component: () => null }>>().mockRejectedValueOnce(chunkGone()).mockResolvedValue({ Component: Page });
    const router = routerWith(lazy);
    await router.navigate('/Earnings');
    expect(router.state.errors).toBeNull();
    expect(router.state.location.pathname).toBe('/Earnings');
    expect(router.state.matches.at(-1)?.route.element).toBeTruthy();
    expect(lazy).toHaveBeenCalledTimes(2);
  });

  it('offline, the error boundary has it at once, to say why the page waits', async () => {
    setOnline(false);
    const lazy = vi.fn(() => Promise.reject(chunkGone()));
    const router = routerWith(lazy);
    await router.navigate('/Earnings');
    expect(Object.values(router.state.errors ?? {})[0]).toBeInstanceOf(TypeError);
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it('after its last try online, the error boundary has it', async () => {
    const lazy = vi.fn(() => Promise.reject(chunkGone()));
    const router = routerWith(lazy);
    await router.navigate('/Earnings');
    expect(Object.values(router.state.errors ?? {})[0]).toBeInstanceOf(TypeError);
    expect(lazy).toHaveBeenCalledTimes(3);
  });
});
