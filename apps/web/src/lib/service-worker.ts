// The app's side of the service worker (src/sw.ts, decision 029): it registers /sw.js once
// the page has loaded, and lets the build check (lib/build-update.ts) take a new build at
// its reload point. A new build's worker installs in the background and waits: it takes over
// when every tab of the old one is closed (the next start), or when the build check, at the
// next navigation after it saw a newer build, asks it to. Until then the old worker keeps
// serving the old build's pages and scripts, which belong together.

export const SERVICE_WORKER_URL = '/sw.js';
/** What src/sw.ts answers with self.skipWaiting(). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;
/** How long the build check waits for the new worker to install or take over before it gives up until the next navigation. */
export const TAKE_OVER_TIMEOUT_MS = 10_000;

/** How lib/build-update.ts moves the page to a newer build that a service worker may be holding back. */
export interface BuildSwap {
  /** A newer build is deployed: have the browser fetch its worker now, in the background. */
  prepare(): void;
  /**
   * At the reload point: makes the newer build the one a reload gets. True when a reload now
   * shows the new build (no worker controls the page, or the new one has taken over); false
   * to keep the page as it is and try again at the next navigation.
   */
  activate(): Promise<boolean>;
}

type WorkerLike = Pick<ServiceWorker, 'state' | 'postMessage' | 'addEventListener' | 'removeEventListener'>;

/** What this module uses of a registration (a fake in the tests). */
export interface RegistrationLike {
  readonly waiting: WorkerLike | null;
  readonly installing: WorkerLike | null;
  update(): Promise<unknown>;
}

/** What this module uses of navigator.serviceWorker. */
export interface ContainerLike {
  readonly controller: unknown;
  register(url: string, options: RegistrationOptions): Promise<RegistrationLike>;
  getRegistration(): Promise<RegistrationLike | undefined>;
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface ServiceWorkerClientOptions {
  container: ContainerLike;
  timeoutMs?: number;
  /** Resolves when the page is quiet enough to hand over (default: idle, then 300 ms). */
  waitForQuiet?: () => Promise<void>;
}

/**
 * Resolves once the page has been idle for a moment. The old worker must not get a request in
 * the instant the new one takes over: Chromium then restarts the old one and drops the
 * take-over, and the new worker waits (until the page is closed, or up to five minutes).
 */
function settled(): Promise<void> {
  return new Promise((resolve) => {
    const idle = typeof requestIdleCallback === 'function' ? (task: () => void) => requestIdleCallback(task, { timeout: 2_000 }) : (task: () => void) => setTimeout(task, 200);
    idle(() => setTimeout(resolve, 300));
  });
}

/** The new worker once installed (waiting), or null when it failed or took too long. */
function installed(worker: WorkerLike, timeoutMs: number): Promise<WorkerLike | null> {
  if (worker.state === 'installed') return Promise.resolve(worker);
  if (worker.state === 'redundant' || worker.state === 'activating' || worker.state === 'activated') return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (result: WorkerLike | null) => {
      clearTimeout(timer);
      worker.removeEventListener('statechange', onChange);
      resolve(result);
    };
    const onChange = () => {
      if (worker.state === 'installed') done(worker);
      else if (worker.state !== 'installing') done(null);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    worker.addEventListener('statechange', onChange);
  });
}

export function createServiceWorkerClient({ container, timeoutMs = TAKE_OVER_TIMEOUT_MS, waitForQuiet = settled }: ServiceWorkerClientOptions) {
  let registration: Promise<RegistrationLike | null> = Promise.resolve(null);
  // A page that a worker controlled at start and whose controller then changed runs an older
  // build than its worker serves (another tab took the new build): a reload brings it level.
  let controlled = !!container.controller;
  let controllerChanged = false;
  const changeListeners = new Set<() => void>();
  container.addEventListener('controllerchange', () => {
    if (controlled) controllerChanged = true;
    controlled = true;
    changeListeners.forEach((listener) => listener());
  });

  /** Resolves true at the next change of controller, false after timeoutMs. */
  function nextControllerChange(): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (changed: boolean) => {
        clearTimeout(timer);
        changeListeners.delete(onChange);
        resolve(changed);
      };
      const onChange = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      changeListeners.add(onChange);
    });
  }

  /** This page's registration: the one registered here, else (before that) the browser's. */
  async function currentRegistration(): Promise<RegistrationLike | null> {
    return (await registration) ?? (await container.getRegistration().catch(() => undefined)) ?? null;
  }

  const swap: BuildSwap = {
    prepare() {
      void currentRegistration()
        .then((current) => current?.update())
        .catch(() => undefined);
    },
    async activate() {
      // No worker serves this page: a reload reaches the host, which sends the new build.
      if (!container.controller) return true;
      if (controllerChanged) return true;
      const current = await currentRegistration();
      if (!current) return false;
      const worker = current.waiting ?? (current.installing ? await installed(current.installing, timeoutMs) : null);
      if (!worker) {
        // The browser has not found the new worker yet: ask again, and wait for the next navigation.
        void current.update().catch(() => undefined);
        return false;
      }
      await waitForQuiet();
      if (controllerChanged) return true;
      const tookOver = nextControllerChange();
      worker.postMessage(SKIP_WAITING_MESSAGE);
      return tookOver;
    },
  };

  return {
    swap,
    /** Registers /sw.js (scope /); a failure is logged, and the app goes on without it. */
    register(): Promise<void> {
      registration = container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
        console.warn('The service worker could not be registered: the app will not open offline', error);
        return null;
      });
      return registration.then(() => undefined);
    },
  };
}

/**
 * In a production build, in a browser with service workers: registers /sw.js once the page
 * has loaded and the browser is idle, so it never competes with the first paint. Answers the
 * swap for the build check; undefined when there is no worker (vite's dev server, tests).
 */
export function startServiceWorker(): BuildSwap | undefined {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return undefined;
  const client = createServiceWorkerClient({ container: navigator.serviceWorker as unknown as ContainerLike });
  const register = () => {
    const task = () => void client.register();
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5_000 });
    else window.setTimeout(task, 1);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  return client.swap;
}
