/// <reference lib="webworker" />
import type { Language } from '@app/shared/constants';
import { notificationFor, parsePushPayload, PUSH_SUBSCRIPTION_CHANGED, safeAppPath } from '@/lib/push-message';

// Web Push in the service worker (design.md section 15, issue 18; src/sw.ts registers it).
// A push becomes a system notification; a tap brings the app forward on the notification's
// page; a subscription the browser renewed is handed to the app, which alone holds the
// member's token to send it to the API (components/layouts/push-device-sync.tsx).

type WindowLike = Pick<WindowClient, 'focused' | 'visibilityState'>;

/** The window a tap brings forward: the focused one, else a visible one, else any. */
export function pickWindow<T extends WindowLike>(windows: readonly T[]): T | undefined {
  return windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
}

/**
 * Shows the push as a notification. The browser requires one for every push, so a missing or
 * unreadable payload still shows the generic one, in the device's language.
 */
export async function showPush(
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>,
  origin: string,
  data: Pick<PushMessageData, 'text'> | null,
  deviceLanguage: () => Promise<Language>,
): Promise<void> {
  let payload: string | null = null;
  try {
    payload = data?.text() ?? null;
  } catch {
    // Not text: shown as the generic notification.
  }
  const message = parsePushPayload(payload);
  const language: Language = message ? 'en' : await deviceLanguage().catch((): Language => 'en');
  const { title, options } = notificationFor(message, origin, language);
  await registration.showNotification(title, options);
}

/**
 * A tap: an open window of the app comes forward and goes to the notification's page, else a
 * new window opens there. Only a path of this app is followed (lib/push-message.ts); without
 * one the app opens where it is, or at its start page.
 */
export async function openApp(clients: Pick<Clients, 'matchAll' | 'openWindow'>, origin: string, data: unknown): Promise<void> {
  const path = safeAppPath((data as { link?: unknown } | null)?.link, origin);
  // Only windows this worker controls can be navigated; every window of the app is one, once it has loaded.
  const open = pickWindow((await clients.matchAll({ type: 'window' })) as readonly WindowClient[]);
  if (open) {
    try {
      const focused = await open.focus();
      if (!path || (await focused.navigate(new URL(path, origin).href))) return;
    } catch (error) {
      console.warn('The open window could not be brought to the notification\'s page: opening a new one', error);
    }
  }
  await clients.openWindow(path ?? '/');
}

/**
 * The browser renewed (or dropped) the subscription: subscribe again with the same key when
 * the browser did not, then tell the app's windows. An open window sends the subscription to
 * the API now; otherwise the app does at its next start.
 */
export async function renewSubscription(
  pushManager: Pick<PushManager, 'subscribe'>,
  clients: Pick<Clients, 'matchAll'>,
  event: Pick<PushSubscriptionChangeEvent, 'oldSubscription' | 'newSubscription'>,
): Promise<void> {
  const key = event.oldSubscription?.options.applicationServerKey;
  if (!event.newSubscription && key) {
    try {
      await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (error) {
      console.warn('Push: the renewed subscription could not be made; the app makes one at its next start', error);
    }
  }
  for (const client of await clients.matchAll({ type: 'window' })) client.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED });
}

/** Wires the three push events of the worker. `deviceLanguage` is for the generic notification. */
export function registerPushHandlers(scope: ServiceWorkerGlobalScope, deviceLanguage: () => Promise<Language>): void {
  const origin = scope.location.origin;
  scope.addEventListener('push', (event) => event.waitUntil(showPush(scope.registration, origin, event.data, deviceLanguage)));
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openApp(scope.clients, origin, event.notification.data));
  });
  scope.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(renewSubscription(scope.registration.pushManager, scope.clients, event)));
}
