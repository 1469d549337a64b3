import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';

// Web Push in the browser tests (design.md section 15, e2e/push.spec.ts). Headless Chromium
// reaches no real push service here, so:
// - a push service on this machine receives what the API sends (the API takes
//   http://127.0.0.1 endpoints with APP_ENV=dev, as playwright.config.ts starts it);
// - the page's PushManager is replaced by one that hands out a subscription to that service,
//   with a real P-256 key and auth secret made here, so the API's checks accept it and the
//   test can decrypt what the API sends (RFC 8291, aes128gcm);
// - a message reaches the service worker through the DevTools protocol, as a push service's would.

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: answers 201 to every push and keeps it. */
export async function startPushService() {
  const received: ReceivedPush[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    /** A new endpoint of this service, as a browser's subscription names it. */
    endpoint: () => `http://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function subscriptionKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}
export type SubscriptionKeys = ReturnType<typeof subscriptionKeys>;

/** An aes128gcm push body (RFC 8188 header, one record) decrypted with the subscription's keys, as the browser would. */
export function decryptPush(body: Buffer, keys: SubscriptionKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');
  const secret = keys.ecdh.computeSecret(serverKey);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, keys.auth, Buffer.concat([info('WebPush: info'), keys.ecdh.getPublicKey(), serverKey]), 32));
  const key = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The data, then the last record's delimiter 2, then zeros.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('The push body is not one last record');
  return plain.subarray(0, end).toString('utf8');
}

/** Where the fake keeps the page's subscription (the key it was made with), so it outlives a reload like a real one. */
const FAKE_STORE = 'e2e.push-subscription';

/**
 * Replaces PushManager's subscribe/getSubscription/unsubscribe in every page of the context
 * with a subscription at `endpoint` with `keys`. The worker's own PushManager is left as it is.
 */
export async function fakePushManager(page: Page, endpoint: string, keys: SubscriptionKeys): Promise<void> {
  await page.addInitScript(
    ({ endpoint, keys, store }) => {
      const toText = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const toBytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
      const subscription = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: toBytes(serverKey).buffer },
        getKey: (name: 'p256dh' | 'auth') => toBytes(keys[name]).buffer,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(store);
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function getSubscription() {
        const serverKey = localStorage.getItem(store);
        return (serverKey ? subscription(serverKey) : null) as unknown as PushSubscription;
      };
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const serverKey = typeof key === 'string' ? key : toText(new Uint8Array(key instanceof ArrayBuffer ? key : (key as ArrayBufferView).buffer));
        localStorage.setItem(store, serverKey);
        return subscription(serverKey) as unknown as PushSubscription;
      };
    },
    { endpoint, keys: keys.json, store: FAKE_STORE },
  );
}

/** The key the page's (fake) subscription was made with, or null when it has none. */
export const fakeSubscriptionKey = (page: Page) => page.evaluate((store) => localStorage.getItem(store), FAKE_STORE);

/** Hands `data` to the page's service worker as a push message (DevTools protocol). */
export async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  try {
    const registrationId = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No service worker registration for ${origin}/`)), 10_000);
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted);
        if (!found) return;
        clearTimeout(timer);
        resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data });
  } finally {
    await cdp.detach();
  }
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  lang: string;
  icon: string;
  data: unknown;
}

/** The notifications the service worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, icon: n.icon, data: n.data as unknown })),
  );
}
