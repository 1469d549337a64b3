// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_RELOAD_GUARD_MS } from '@app/shared/constants';
import { isChunkLoadError, isNewBuild, mayReload, RELOAD_STORAGE_KEY, reloadOnce, shouldReload, startBuildUpdateWatch } from './build-update';
import type { BuildSwap } from './service-worker';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('shouldReload', () => {
  it('allows a first reload', () => {
    expect(shouldReload(null, 1_000)).toBe(true);
  });
  it('refuses a second reload within the guard window', () => {
    expect(shouldReload(1_000, 1_000 + BUILD_RELOAD_GUARD_MS - 1)).toBe(false);
  });
  it('allows a reload once the guard window has passed', () => {
    expect(shouldReload(1_000, 1_000 + BUILD_RELOAD_GUARD_MS)).toBe(true);
  });
  it('treats a clock that went back, or garbage, as no earlier reload', () => {
    expect(shouldReload(50_000, 10_000)).toBe(true);
    expect(shouldReload(Number.NaN, 10_000)).toBe(true);
  });
});

describe('reloadOnce', () => {
  it('reloads once, then not again within 10 s, then again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 100_000;
    const deps = { storage, now: () => now, reload };

    expect(reloadOnce(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.map.get(RELOAD_STORAGE_KEY)).toBe('100000');

    now += 9_999;
    expect(reloadOnce(deps)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    now += 1;
    expect(reloadOnce(deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('survives the reload: the timestamp is read back from sessionStorage', () => {
    const storage = memoryStorage({ [RELOAD_STORAGE_KEY]: String(500_000) });
    const reload = vi.fn();
    expect(reloadOnce({ storage, now: () => 505_000, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when it cannot record the reload (no guard, no risk of a loop)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
    };
    expect(reloadOnce({ storage, now: () => 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: http://x/assets/orders-abc.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/x.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });
  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('isNewBuild', () => {
  it('is true only when both ids are known and differ', () => {
    expect(isNewBuild('a', 'b')).toBe(true);
    expect(isNewBuild('a', 'a')).toBe(false);
    expect(isNewBuild(undefined, 'b')).toBe(false);
    expect(isNewBuild('a', undefined)).toBe(false);
    expect(isNewBuild('a', '')).toBe(false);
  });
});

describe('mayReload', () => {
  it('follows the same guard as reloadOnce, without reloading', () => {
    expect(mayReload({ storage: memoryStorage(), now: () => 1_000 })).toBe(true);
    const storage = memoryStorage({ [RELOAD_STORAGE_KEY]: '1000' });
    expect(mayReload({ storage, now: () => 1_000 + BUILD_RELOAD_GUARD_MS - 1 })).toBe(false);
    expect(mayReload({ storage, now: () => 1_000 + BUILD_RELOAD_GUARD_MS })).toBe(true);
  });
});

describe('the build watch with a service worker', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
  });

  /** A watch on build "old" whose host answers `served`; navigate() completes a navigation. */
  function watch({ served = 'new', swap, storage = memoryStorage(), now = () => 100_000 }: { served?: string; swap?: BuildSwap; storage?: ReturnType<typeof memoryStorage>; now?: () => number } = {}) {
    let navigated: () => void = () => undefined;
    const reload = vi.fn();
    const onNewBuild = vi.fn();
    const fetchImpl = vi.fn(async () => Response.json({ buildId: served }));
    stop = startBuildUpdateWatch({
      buildId: 'old',
      onNewBuild,
      swap,
      fetchImpl,
      subscribeNavigation: (listener) => {
        navigated = listener;
        return () => undefined;
      },
      reloadDeps: { storage, now, reload },
    });
    return {
      reload,
      onNewBuild,
      fetchImpl,
      storage,
      /** The tab comes back into view: the watch asks the host for its build. */
      check: async () => {
        window.dispatchEvent(new Event('focus'));
        await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalled());
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
      navigate: async () => {
        navigated();
        await new Promise((resolve) => setTimeout(resolve, 0));
      },
    };
  }

  const fakeSwap = (answers: boolean[] = [true]) => {
    const queue = [...answers];
    return { prepare: vi.fn(), activate: vi.fn(async () => queue.shift() ?? true) };
  };

  it('has the new worker fetched as soon as a newer build is found, and reloads only at the next navigation', async () => {
    const swap = fakeSwap();
    const { check, navigate, reload, onNewBuild } = watch({ swap });
    await check();
    expect(swap.prepare).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(swap.activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    await navigate();
    expect(swap.activate).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for the next navigation when the new worker is not ready to take over', async () => {
    const swap = fakeSwap([false, true]);
    const { check, navigate, reload } = watch({ swap });
    await check();
    await navigate();
    expect(reload).not.toHaveBeenCalled();
    await navigate();
    expect(swap.activate).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('neither asks the worker to take over nor reloads within 10 s of the last reload', async () => {
    const swap = fakeSwap();
    const storage = memoryStorage({ [RELOAD_STORAGE_KEY]: String(100_000 - BUILD_RELOAD_GUARD_MS + 1) });
    const { check, navigate, reload } = watch({ swap, storage });
    await check();
    await navigate();
    expect(swap.activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('records the reload, so the page that comes back does not loop', async () => {
    const swap = fakeSwap();
    const { check, navigate, storage } = watch({ swap });
    await check();
    await navigate();
    expect(storage.map.get(RELOAD_STORAGE_KEY)).toBe('100000');
  });

  it('asks the worker once while a navigation is already taking the new build', async () => {
    let release: (value: boolean) => void = () => undefined;
    const swap = { prepare: vi.fn(), activate: vi.fn(() => new Promise<boolean>((resolve) => (release = resolve))) };
    const { check, navigate, reload } = watch({ swap });
    await check();
    await navigate();
    await navigate();
    expect(swap.activate).toHaveBeenCalledTimes(1);
    release(true);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('reloads at the next navigation without a service worker, as before', async () => {
    const { check, navigate, reload } = watch();
    await check();
    await navigate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the host serves the running build', async () => {
    const swap = fakeSwap();
    const { check, navigate, reload } = watch({ swap, served: 'old' });
    await check();
    await navigate();
    expect(swap.prepare).not.toHaveBeenCalled();
    expect(swap.activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('a chunk that failed to load (vite:preloadError)', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    vi.restoreAllMocks();
  });

  /** A chunk fails under a watch of build "old" whose host answers `served` (or cannot be reached). */
  function failChunk({ buildId, served }: { buildId?: string; served?: string | Error } = {}) {
    const reload = vi.fn();
    const fetchImpl = vi.fn(async () => {
      if (served instanceof Error) throw served;
      return Response.json({ buildId: served });
    });
    stop = startBuildUpdateWatch({ buildId, fetchImpl, reloadDeps: { storage: memoryStorage(), now: () => 100_000, reload } });
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    return { reload, fetchImpl, prevented: event.defaultPrevented };
  }

  it('under the dev server (no build id), online, reloads and keeps the error from the caller', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { reload, prevented } = failChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(prevented).toBe(true);
  });

  it('online, reloads once the host names a new build; the caller retries meanwhile', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { reload, fetchImpl, prevented } = failChunk({ buildId: 'old', served: 'new' });
    expect(prevented).toBe(false);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('online, does not reload when the host serves this build or cannot be reached (a weak network)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const same = failChunk({ buildId: 'old', served: 'old' });
    await vi.waitFor(() => expect(same.fetchImpl).toHaveBeenCalledTimes(1));
    stop?.();
    const unreachable = failChunk({ buildId: 'old', served: new TypeError('Failed to fetch') });
    await vi.waitFor(() => expect(unreachable.fetchImpl).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(same.reload).not.toHaveBeenCalled();
    expect(unreachable.reload).not.toHaveBeenCalled();
  });

  it('offline, does not reload (that would show the browser’s offline page) and leaves the error to the caller', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { reload, fetchImpl, prevented } = failChunk({ buildId: 'old', served: 'new' });
    expect(reload).not.toHaveBeenCalled();
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(prevented).toBe(false);
  });
});
