import { describe, expect, it, vi } from 'vitest';
import { BUILD_RELOAD_GUARD_MS } from '@app/shared/constants';
import { isChunkLoadError, isNewBuild, RELOAD_STORAGE_KEY, reloadOnce, shouldReload } from './build-update';

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
