import { describe, expect, it, vi } from 'vitest';
import { PUSH_SUBSCRIPTION_CHANGED } from '@/lib/push-message';
import { pickWindow, registerPushHandlers } from './sw-push';

// The service worker's push events, against a fake worker scope: what is shown, what a tap
// opens, what a renewed subscription does.

const ORIGIN = 'https://app.kabadi.in';

interface FakeWindow {
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWindow({ focused = false, visibilityState = 'hidden', navigates = true }: { focused?: boolean; visibilityState?: DocumentVisibilityState; navigates?: boolean } = {}): FakeWindow {
  const window: FakeWindow = {
    focused,
    visibilityState,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async () => (navigates ? window : null)),
    postMessage: vi.fn(),
  };
  return window;
}

function fakeWorker({ windows = [] as FakeWindow[], language = 'en' as 'en' | 'hi' } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const subscribe = vi.fn(async () => ({ endpoint: 'https://push.example/new' }));
  const openWindow = vi.fn(async () => null);
  const matchAll = vi.fn(async () => windows);
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification, pushManager: { subscribe } },
    clients: { matchAll, openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  registerPushHandlers(scope as unknown as ServiceWorkerGlobalScope, async () => language);
  /** Dispatches an event and waits for what it handed to waitUntil. */
  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    expect(waits, `${type} waits for its work`).toHaveLength(1);
    await Promise.all(waits);
  }
  return { dispatch, showNotification, subscribe, openWindow, matchAll };
}

const data = (text: string) => ({ text: () => text });

describe('a push', () => {
  it('shows the payload as a notification', async () => {
    const worker = fakeWorker();
    await worker.dispatch('push', { data: data(JSON.stringify({ title: 'Order #A-12 accepted', body: 'A driver is on the way.', link: '/Store/Orders/OrderDetail?id=12', tag: 'order-12' })) });
    expect(worker.showNotification).toHaveBeenCalledWith('Order #A-12 accepted', expect.objectContaining({ body: 'A driver is on the way.', tag: 'order-12', data: { link: '/Store/Orders/OrderDetail?id=12' }, lang: 'en' }));
  });

  it('without a payload, or with a bad one, shows the generic notification in the device\'s language', async () => {
    const worker = fakeWorker({ language: 'hi' });
    await worker.dispatch('push', { data: null });
    await worker.dispatch('push', { data: data('not json') });
    await worker.dispatch('push', {
      data: {
        text: () => {
          throw new TypeError('not text');
        },
      },
    });
    expect(worker.showNotification).toHaveBeenCalledTimes(3);
    for (const [title, options] of worker.showNotification.mock.calls as unknown as [string, NotificationOptions][]) {
      expect(title).toBe('कबाड़ी ऑर्डर');
      expect(options).toMatchObject({ lang: 'hi', data: { link: null } });
    }
  });
});

describe('a tap on a notification', () => {
  const click = (link: unknown) => {
    const notification = { data: { link }, close: vi.fn() };
    return { notification, event: { notification } };
  };

  it('closes it and brings the focused window to the order', async () => {
    const hidden = fakeWindow();
    const focused = fakeWindow({ focused: true, visibilityState: 'visible' });
    const worker = fakeWorker({ windows: [hidden, focused] });
    const { notification, event } = click('/Store/Orders/OrderDetail?id=12');
    await worker.dispatch('notificationclick', event);
    expect(notification.close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/Store/Orders/OrderDetail?id=12`);
    expect(hidden.navigate).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window on the order when no window of the app is open, or the open one cannot be navigated', async () => {
    const none = fakeWorker();
    await none.dispatch('notificationclick', click('/Driver/Orders/OrderDetail?id=5').event);
    expect(none.openWindow).toHaveBeenCalledWith('/Driver/Orders/OrderDetail?id=5');

    const stuck = fakeWindow({ navigates: false });
    const worker = fakeWorker({ windows: [stuck] });
    await worker.dispatch('notificationclick', click('/Driver/Home').event);
    expect(worker.openWindow).toHaveBeenCalledWith('/Driver/Home');
  });

  it('never opens another site: a foreign link opens the app instead', async () => {
    const worker = fakeWorker();
    await worker.dispatch('notificationclick', click('https://evil.example/phish').event);
    expect(worker.openWindow).toHaveBeenCalledWith('/');

    const open = fakeWindow({ visibilityState: 'visible' });
    const withWindow = fakeWorker({ windows: [open] });
    await withWindow.dispatch('notificationclick', click('//evil.example').event);
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();
    expect(withWindow.openWindow).not.toHaveBeenCalled();
  });
});

describe('a renewed subscription', () => {
  it('subscribes again with the old key when the browser did not, and tells the open windows', async () => {
    const open = fakeWindow();
    const worker = fakeWorker({ windows: [open] });
    const key = new Uint8Array([4, 1, 2]).buffer;
    await worker.dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey: key } }, newSubscription: null });
    expect(worker.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key });
    expect(open.postMessage).toHaveBeenCalledWith({ type: PUSH_SUBSCRIPTION_CHANGED });
  });

  it('leaves a subscription the browser made alone, and still tells the windows', async () => {
    const open = fakeWindow();
    const worker = fakeWorker({ windows: [open] });
    await worker.dispatch('pushsubscriptionchange', { oldSubscription: null, newSubscription: { endpoint: 'https://push.example/renewed' } });
    expect(worker.subscribe).not.toHaveBeenCalled();
    expect(open.postMessage).toHaveBeenCalledWith({ type: PUSH_SUBSCRIPTION_CHANGED });
  });
});

describe('the window a tap brings forward', () => {
  it('is the focused one, else a visible one, else the first', () => {
    const a = { focused: false, visibilityState: 'hidden' as const };
    const b = { focused: false, visibilityState: 'visible' as const };
    const c = { focused: true, visibilityState: 'visible' as const };
    expect(pickWindow([a, b, c])).toBe(c);
    expect(pickWindow([a, b])).toBe(b);
    expect(pickWindow([a])).toBe(a);
    expect(pickWindow([])).toBeUndefined();
  });
});
