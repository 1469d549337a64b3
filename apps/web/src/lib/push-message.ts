import type { Language } from '@app/shared/constants';
import type { PushPayload } from '@app/shared/schemas/push';

// A Web Push message as the service worker shows it (design.md section 15, src/sw-push.ts).
// The API sends `{title, body, link, tag}` (@app/shared/schemas/push, `pushPayloadSchema`)
// already in the member's language. Read here by hand rather than with zod, which would
// weigh on the worker's bundle: pure functions with no DOM, checked by tests. Whatever
// arrives is untrusted: a bad payload still shows a notification (the browser requires one
// for every push), and only a path of this app is ever opened.

/** `link`: a path of the web app (`/Store/Orders/...`), or null to just open the app; same `tag`: replaces the earlier one. */
export type PushMessage = PushPayload;

/** What the worker tells the app's windows after the browser renewed the subscription (the app holds the token to send it). */
export const PUSH_SUBSCRIPTION_CHANGED = 'PUSH_SUBSCRIPTION_CHANGED';

/** The manifest's icons (public/manifest.webmanifest). */
export const NOTIFICATION_ICON = '/icon-192.png';
export const NOTIFICATION_BADGE = '/icon-192.png';

/** Shown when a push arrives without a readable payload: the app's name and a hint to open it. */
export const GENERIC_NOTIFICATION: Record<Language, { title: string; body: string }> = {
  en: { title: 'Kabadi Orders', body: 'You have a new notification. Tap to open the app.' },
  hi: { title: 'कबाड़ी ऑर्डर', body: 'आपके लिए एक नई सूचना है। ऐप खोलने के लिए छुएँ।' },
};
const GENERIC_TAG = 'kabadi-notification';

const MAX_TITLE = 200;
const MAX_BODY = 1_000;
const MAX_LINK = 2_000;

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/** The payload's message, or null when it is missing, not JSON, or has no title. */
export function parsePushPayload(payload: string | null | undefined): PushMessage | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  const title = text(fields.title, MAX_TITLE);
  if (!title) return null;
  return { title, body: text(fields.body, MAX_BODY), link: typeof fields.link === 'string' ? fields.link : null, tag: text(fields.tag, 200) };
}

/**
 * `link` as a path of this app (path, query and hash), or null. Only a relative path on this
 * origin passes: never an absolute URL, a protocol-relative `//host`, a backslash (browsers
 * read `/\host` as `//host`) or a control character, whatever a payload carries.
 */
export function safeAppPath(link: unknown, origin: string): string | null {
  if (typeof link !== 'string' || link.length > MAX_LINK || !link.startsWith('/') || link.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(link)) return null;
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** Hindi when the text has Devanagari letters (the API writes in the member's language), else English. */
export function languageOfText(value: string): Language {
  return /[\u0900-\u097f]/.test(value) ? 'hi' : 'en';
}

/** `renotify` is in the Notifications standard and in Chromium, not yet in TypeScript's DOM types. */
export type PushNotificationOptions = NotificationOptions & { renotify?: boolean; data: { link: string | null } };

/**
 * What to show for a push: the message, or the generic one in the device's language. The link
 * kept on the notification is already checked (the click handler checks it again).
 */
export function notificationFor(message: PushMessage | null, origin: string, deviceLanguage: Language): { title: string; options: PushNotificationOptions } {
  const base = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE };
  if (!message) {
    const generic = GENERIC_NOTIFICATION[deviceLanguage];
    return { title: generic.title, options: { ...base, body: generic.body, tag: GENERIC_TAG, renotify: true, lang: deviceLanguage, data: { link: null } } };
  }
  return {
    title: message.title,
    options: {
      ...base,
      body: message.body,
      // A later update of the same order replaces the earlier one, and still alerts.
      ...(message.tag ? { tag: message.tag, renotify: true } : {}),
      lang: languageOfText(`${message.title} ${message.body}`),
      data: { link: safeAppPath(message.link, origin) },
    },
  };
}
