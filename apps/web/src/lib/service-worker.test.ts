import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceWorkerClient, SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE, TAKE_OVER_TIMEOUT_MS, type ContainerLike, type RegistrationLike } from './service-worker';

// The browser's service worker objects, as far as lib/service-worker.ts uses them.

class FakeWorker extends EventTarget {
  messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration implements RegistrationLike {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget implements ContainerLike {
  registration = new FakeRegistration();
  register = vi.fn(async (_url: string, _options: RegistrationOptions): Promise<RegistrationLike> => this.registration);
  getRegistration = vi.fn(async (): Promise<RegistrationLike | undefined> => this.registration);
  constructor(public controller: unknown) {
    super();
  }
  /** A new worker takes the page over (after skipWaiting, or another tab's). */
  takeOver(worker: unknown = {}) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function setup({ controlled = true, waitForQuiet = () => Promise.resolve() }: { controlled?: boolean; waitForQuiet?: () => Promise<void> } = {}) {
  const container = new FakeContainer(controlled ? {} : null);
  const client = createServiceWorkerClient({ container, waitForQuiet });
  return { container, client, registration: container.registration };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('registering the service worker', () => {
  it('registers /sw.js for the whole app', async () => {
    const { container, client } = setup();
    await client.register();
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('goes on without one when the browser refuses it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { container, client } = setup({ controlled: false });
    container.register.mockRejectedValueOnce(new Error('SecurityError'));
    await client.register();
    expect(warn).toHaveBeenCalled();
    expect(await client.swap.activate()).toBe(true);
  });
});

describe('taking a new build at the reload point', () => {
  it('asks the browser for the new worker as soon as a newer build is found', async () => {
    const { client, registration } = setup();
    await client.register();
    client.swap.prepare();
    await vi.waitFor(() => expect(registration.update).toHaveBeenCalled());
  });

  it('lets a page no worker controls reload at once: the host sends the new build', async () => {
    const { client } = setup({ controlled: false });
    await client.register();
    expect(await client.swap.activate()).toBe(true);
  });

  it('tells the waiting worker to take over and answers once it controls the page', async () => {
    const { container, client, registration } = setup();
    await client.register();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;
    const activated = client.swap.activate();
    await vi.waitFor(() => expect(waiting.messages).toEqual([SKIP_WAITING_MESSAGE]));
    container.takeOver(waiting);
    expect(await activated).toBe(true);
  });

  it('waits for a worker still installing, then tells it', async () => {
    const { container, client, registration } = setup();
    await client.register();
    const installing = new FakeWorker('installing');
    registration.installing = installing;
    const activated = client.swap.activate();
    await Promise.resolve();
    expect(installing.messages).toEqual([]);
    installing.become('installed');
    await vi.waitFor(() => expect(installing.messages).toEqual([SKIP_WAITING_MESSAGE]));
    container.takeOver(installing);
    expect(await activated).toBe(true);
  });

  it('keeps the page as it is when there is no new worker yet, and asks the browser again', async () => {
    const { client, registration } = setup();
    await client.register();
    expect(await client.swap.activate()).toBe(false);
    expect(registration.update).toHaveBeenCalled();
  });

  it('keeps the page when an install fails', async () => {
    const { client, registration } = setup();
    await client.register();
    const installing = new FakeWorker('installing');
    registration.installing = installing;
    const activated = client.swap.activate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    installing.become('redundant');
    expect(await activated).toBe(false);
    expect(installing.messages).toEqual([]);
  });

  it('gives up after the timeout when the worker never takes over (tried again at the next navigation)', async () => {
    vi.useFakeTimers();
    const { client, registration } = setup();
    await client.register();
    registration.waiting = new FakeWorker('installed');
    const activated = client.swap.activate();
    await vi.advanceTimersByTimeAsync(TAKE_OVER_TIMEOUT_MS);
    expect(await activated).toBe(false);
  });

  it('reloads a page whose worker another tab has already replaced', async () => {
    const { container, client, registration } = setup();
    await client.register();
    container.takeOver();
    expect(await client.swap.activate()).toBe(true);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('does not count the first worker taking over a page (first visit) as a new build', async () => {
    const { container, client } = setup({ controlled: false });
    await client.register();
    container.takeOver();
    expect(await client.swap.activate()).toBe(false);
  });

  it('waits for the page to be quiet before it tells the worker (a request in that instant would hold the take-over back)', async () => {
    let quiet: () => void = () => undefined;
    const { container, client, registration } = setup({ waitForQuiet: () => new Promise((resolve) => (quiet = resolve)) });
    await client.register();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;
    const activated = client.swap.activate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(waiting.messages).toEqual([]);
    quiet();
    await vi.waitFor(() => expect(waiting.messages).toEqual([SKIP_WAITING_MESSAGE]));
    container.takeOver(waiting);
    expect(await activated).toBe(true);
  });

  it('does not tell the worker when it took over by itself while the page settled', async () => {
    let quiet: () => void = () => undefined;
    const { container, client, registration } = setup({ waitForQuiet: () => new Promise((resolve) => (quiet = resolve)) });
    await client.register();
    const waiting = new FakeWorker('installed');
    registration.waiting = waiting;
    const activated = client.swap.activate();
    await new Promise((resolve) => setTimeout(resolve, 0));
    container.takeOver(waiting);
    quiet();
    expect(await activated).toBe(true);
    expect(waiting.messages).toEqual([]);
  });

  it('finds the registration before its own has run (registered on an earlier visit)', async () => {
    const { container, client, registration } = setup();
    registration.waiting = new FakeWorker('installed');
    const activated = client.swap.activate();
    await vi.waitFor(() => expect(registration.waiting?.messages).toEqual([SKIP_WAITING_MESSAGE]));
    expect(container.getRegistration).toHaveBeenCalled();
    container.takeOver();
    expect(await activated).toBe(true);
  });
});
