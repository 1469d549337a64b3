import { vi } from 'vitest';
import { decodeBase64url } from '@app/shared/base64url';

// A browser with Web Push for component tests (happy-dom has no service worker, PushManager
// or Notification): the permission, the service worker's registration and its pushManager,
// with subscriptions a test can read. `restore()` takes it all away again.

/** A P-256 public key and auth secret as a browser gives them (base64url), from a real subscription. */
export const SUBSCRIPTION_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
/** The API's VAPID public key of the fakes (any 65 bytes starting 0x04 will do). */
export const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; expirationTime: null; keys: typeof SUBSCRIPTION_KEYS };
  unsubscribe: ReturnType<typeof vi.fn>;
}

export interface FakePushBrowserOptions {
  permission?: NotificationPermission;
  /** What the browser's question answers. */
  answer?: NotificationPermission;
  /** A subscription the browser already has (made with PUBLIC_KEY). */
  subscribed?: boolean;
  /** No service worker, PushManager or Notification at all. */
  unsupported?: boolean;
  userAgent?: string;
}

let counter = 0;

export function fakeSubscription(endpoint = `https://push.example/send/${(counter += 1)}`, key: ArrayBuffer | null = null): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint, expirationTime: null, keys: SUBSCRIPTION_KEYS }),
    unsubscribe: vi.fn(async () => {
      if (browser.current === subscription) browser.current = null;
      return true;
    }),
  };
  return subscription;
}

const browser = { current: null as FakeSubscription | null };

function define(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
}

export function fakePushBrowser({ permission = 'default', answer = 'granted', subscribed = false, unsupported = false, userAgent }: FakePushBrowserOptions = {}) {
  browser.current = null;
  const notification = { permission, requestPermission: vi.fn(async () => (notification.permission = answer)) };
  const pushManager = {
    getSubscription: vi.fn(async () => browser.current),
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      browser.current = fakeSubscription(undefined, applicationServerKey.slice().buffer);
      return browser.current;
    }),
  };
  const registration = { pushManager };
  const listeners = new Set<(event: MessageEvent) => void>();
  const container = {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  };
  if (!unsupported) {
    define(navigator, 'serviceWorker', container);
    define(window, 'PushManager', class PushManager {});
    define(window, 'Notification', notification);
    define(globalThis, 'Notification', notification);
    define(window, 'isSecureContext', true);
  }
  if (userAgent) define(navigator, 'userAgent', userAgent);
  if (subscribed) browser.current = fakeSubscription(undefined, new Uint8Array(decodeBase64url(PUBLIC_KEY) ?? []).buffer);
  return {
    notification,
    pushManager,
    /** The subscription the browser has now. */
    subscription: () => browser.current,
    /** What the service worker posts to the page. */
    postMessage: (data: unknown) => listeners.forEach((listener) => listener(new MessageEvent('message', { data }))),
    restore() {
      for (const key of ['serviceWorker', 'userAgent']) delete (navigator as unknown as Record<string, unknown>)[key];
      for (const key of ['PushManager', 'Notification', 'isSecureContext']) delete (window as unknown as Record<string, unknown>)[key];
      delete (globalThis as Record<string, unknown>).Notification;
      browser.current = null;
      localStorage.clear();
    },
  };
}
