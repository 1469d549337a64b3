import { BUILD_RELOAD_GUARD_MS } from '@app/shared/constants';
import { isOnline } from './network-status';
import type { BuildSwap } from './service-worker';

// A new build is deployed while people have the old one open. Two signs of it:
// 1. a lazy chunk of the old build is gone (vite:preloadError, or a failed dynamic import
//    that reaches a route's error boundary): reload now, the new index.html knows the new chunks
//    (for a lazy part, once /build-id.json confirms a new build: a chunk also fails on a network
//    that is there but answers nothing, decision 095);
// 2. /build-id.json (emitted by the vite plugin in vite.config.ts) names another build:
//    reload at the next navigation, so nobody loses what they are typing.
// Never twice within BUILD_RELOAD_GUARD_MS: a broken deployment must not loop.
// With the service worker (decision 029) a reload alone would get the old build again from
// its cache: when a newer build is found the worker is asked to fetch it (it installs and
// waits), and at the reload point it is told to take over; the page reloads once it has.

export const RELOAD_STORAGE_KEY = 'build-update.reloaded-at';
export const BUILD_ID_URL = '/build-id.json';
export const POLL_INTERVAL_MS = 5 * 60_000;
const FOCUS_CHECK_MIN_GAP_MS = 60_000;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** True when no reload happened within the guard window (a clock that went back counts as none). */
export function shouldReload(lastReloadAt: number | null, now: number, guardMs: number = BUILD_RELOAD_GUARD_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  if (now < lastReloadAt) return true;
  return now - lastReloadAt >= guardMs;
}

export interface ReloadDeps {
  storage: KeyValueStorage;
  now: () => number;
  reload: () => void;
}

function lastReloadAt(storage: KeyValueStorage): number | null {
  try {
    const raw = storage.getItem(RELOAD_STORAGE_KEY);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

/** True when the guard allows a reload now (none in the last BUILD_RELOAD_GUARD_MS). */
export function mayReload({ storage, now }: Pick<ReloadDeps, 'storage' | 'now'>): boolean {
  return shouldReload(lastReloadAt(storage), now());
}

/** Reloads unless a reload happened in the last BUILD_RELOAD_GUARD_MS; answers whether it did. */
export function reloadOnce({ storage, now, reload }: ReloadDeps): boolean {
  const at = now();
  if (!shouldReload(lastReloadAt(storage), at)) return false;
  try {
    storage.setItem(RELOAD_STORAGE_KEY, String(at));
  } catch {
    // No sessionStorage: without the guard, do not risk a loop.
    return false;
  }
  reload();
  return true;
}

/** Errors a browser gives when a dynamic import of a missing chunk fails. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** A fetched build id means a newer build only when both ids are known and differ. */
export function isNewBuild(runningBuildId: string | undefined, fetchedBuildId: unknown): boolean {
  return !!runningBuildId && typeof fetchedBuildId === 'string' && fetchedBuildId !== '' && fetchedBuildId !== runningBuildId;
}

function browserReloadDeps(): ReloadDeps {
  return { storage: sessionStorage, now: Date.now, reload: () => window.location.reload() };
}

const WRITE_PROBE_KEY = 'build-update.can-write';

/**
 * True when reloadForNewBuild would reload now: for a render that must say what comes next.
 * False too where the guard cannot be written (storage full or refused), where reloadOnce
 * declines: a "Reloading…" that never reloads would stay for ever.
 */
export function mayReloadForNewBuild(): boolean {
  const deps = browserReloadDeps();
  if (!mayReload(deps)) return false;
  try {
    deps.storage.setItem(WRITE_PROBE_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** Reloads the page once (guarded). For error boundaries that caught a chunk load error. */
export function reloadForNewBuild(): boolean {
  return reloadOnce(browserReloadDeps());
}

export interface BuildWatchOptions {
  /** The running build's id (lib/build-id.ts); undefined under the dev server. */
  buildId: string | undefined;
  /** Called once when a newer build is found (show a notice, for example). */
  onNewBuild?: () => void;
  /** Subscribes to completed navigations; the watcher reloads at the first one after a new build is found. */
  subscribeNavigation?: (listener: () => void) => () => void;
  /** The service worker's part (lib/service-worker.ts); undefined when none serves the app. */
  swap?: BuildSwap;
  fetchImpl?: typeof fetch;
  /** For tests: the guard's storage, the clock and the reload. */
  reloadDeps?: ReloadDeps;
}

/** Starts the watch; answers a function that stops it. */
export function startBuildUpdateWatch({ buildId, onNewBuild, subscribeNavigation, swap, fetchImpl = fetch, reloadDeps }: BuildWatchOptions): () => void {
  let pending = false;
  let applying = false;
  let lastCheck = 0;
  const cleanups: Array<() => void> = [];
  const deps = () => reloadDeps ?? browserReloadDeps();

  const check = async () => {
    if (!buildId || pending) return;
    lastCheck = Date.now();
    try {
      const response = await fetchImpl(BUILD_ID_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const body = (await response.json()) as { buildId?: unknown };
      if (isNewBuild(buildId, body.buildId)) {
        pending = true;
        // The new build's worker installs now, while the person works; it waits to be asked.
        swap?.prepare();
        onNewBuild?.();
      }
    } catch {
      // Offline or the host is restarting: try again later.
    }
  };

  const onPreloadError = (event: Event) => {
    // Vite's own event for a chunk that failed to load. Offline it failed for the network, and
    // a reload before the service worker holds the app would show the browser's offline page:
    // the caller waits (lib/import-when-online.ts, the route error boundary).
    if (!isOnline()) return;
    // The dev server names no build: a missing chunk is taken for a new one.
    if (!buildId) {
      if (reloadOnce(deps())) event.preventDefault();
      return;
    }
    // Online, the chunk is gone because a new build replaced this one, or the network is there
    // but answers nothing (one bar of signal), where a reload would lose the page as offline
    // does. The host is asked which build it serves; only a new one reloads, and meanwhile the
    // caller asks for its chunk again.
    void check().then(() => {
      if (pending) reloadOnce(deps());
    });
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  cleanups.push(() => window.removeEventListener('vite:preloadError', onPreloadError));

  if (!buildId) return () => cleanups.forEach((cleanup) => cleanup());

  const timer = window.setInterval(() => void check(), POLL_INTERVAL_MS);
  cleanups.push(() => window.clearInterval(timer));
  const onVisible = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > FOCUS_CHECK_MIN_GAP_MS) void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  cleanups.push(() => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  });
  // The reload point: the first navigation after a newer build was found. The guard is
  // checked first, so a worker is never told to take over a page that will not reload.
  const takeNewBuild = async () => {
    if (applying || !mayReload(deps())) return;
    applying = true;
    try {
      if (swap && !(await swap.activate())) return; // not ready: the next navigation tries again
      reloadOnce(deps());
    } catch {
      // The worker could not be asked: the next navigation tries again.
    } finally {
      applying = false;
    }
  };
  if (subscribeNavigation) {
    cleanups.push(
      subscribeNavigation(() => {
        if (pending) void takeNewBuild();
      }),
    );
  }
  return () => cleanups.forEach((cleanup) => cleanup());
}
