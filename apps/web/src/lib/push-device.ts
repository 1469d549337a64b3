import { decodeBase64url } from '@app/shared/base64url';
import type { PushSubscriptionBody } from '@app/shared/schemas/push';

// This browser's side of Web Push (design.md section 15): whether it can receive pushes, its
// subscription (through the service worker's registration, src/sw.ts), and the device's note
// of which member it was last sent to the API for. The API calls are in data/push.ts; the
// settings switch and components/layouts/push-device-sync.tsx put the two together.

export type PushSupport =
  /** Service worker, PushManager and Notification: pushes can be shown. */
  | 'supported'
  /** iPhone or iPad outside the installed app: Safari has Web Push only for apps on the home screen. */
  | 'install-first'
  | 'unsupported';

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac; its touch screen gives it away.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || !!window.matchMedia?.('(display-mode: standalone)').matches;
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'unsupported';
  if (window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported';
}

/** The site's notification permission; 'default' until the person has answered. */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** Asks the person (the browser's own prompt): call it from the tap that turns pushes on. */
export function requestNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** How long subscribing waits for the service worker to be active (it registers after the first load). */
export const WORKER_READY_TIMEOUT_MS = 15_000;

/** The registration once its worker is active; an error when there is none in time (vite's dev server has none). */
async function readyRegistration(timeoutMs = WORKER_READY_TIMEOUT_MS): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The service worker is not active: push notifications need it')), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription, or null (none, no worker yet, or no support). Never waits for the worker. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The API's VAPID public key (base64url) as bytes for `applicationServerKey`. */
function keyBytes(publicKey: string): Uint8Array<ArrayBuffer> {
  const bytes = decodeBase64url(publicKey);
  if (!bytes) throw new Error('The server\'s push key is not base64url');
  return new Uint8Array(bytes);
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Subscribes this browser with the API's public key (notification permission granted). The
 * subscription it has is kept when it was made with the same key; one made with another key
 * (the server's keys changed) is replaced, since the browser refuses a second one.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const { pushManager } = await readyRegistration();
  const key = keyBytes(publicKey);
  const existing = await pushManager.getSubscription();
  if (existing) {
    if (sameBytes(existing.options.applicationServerKey, key)) return existing;
    await existing.unsubscribe();
  }
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as `POST /push/subscriptions` takes it (`PushSubscription.toJSON()`). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a push subscription without its endpoint or keys');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Who this device's subscription was sent to the API for, and which endpoint. */
export interface PushDeviceRecord {
  memberId: number;
  endpoint: string;
}

const RECORD_KEY = 'push.device';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readPushRecord(): PushDeviceRecord | null {
  try {
    const value = JSON.parse(storage()?.getItem(RECORD_KEY) ?? 'null') as Partial<PushDeviceRecord> | null;
    return value && typeof value.memberId === 'number' && typeof value.endpoint === 'string' ? { memberId: value.memberId, endpoint: value.endpoint } : null;
  } catch {
    return null;
  }
}

export function writePushRecord(record: PushDeviceRecord | null): void {
  try {
    if (record) storage()?.setItem(RECORD_KEY, JSON.stringify(record));
    else storage()?.removeItem(RECORD_KEY);
  } catch {
    // Storage unavailable: the next start checks the subscription again.
  }
}
