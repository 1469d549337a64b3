import { z } from 'zod';
import { text } from './text';
import { decodeBase64url } from '../base64url';

// Web Push (design.md section 15): the browser's PushSubscription as it posts it, the
// VAPID public key it subscribes with, and what the service worker receives.

export const PUSH_ENDPOINT_MAX = 2000;
/** Subscriptions one member keeps (phones, browsers); a newer one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX = 10;


const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Why an endpoint is refused, or null. Push services are https: host names; the API posts
 * to whatever a member registers, so an IP address, localhost or a user:password URL is
 * refused (no requests to a private address). `allowLocalHttp` (APP_ENV=dev) also lets
 * a push service on this machine in: http(s)://127.0.0.1 or localhost, any port.
 */
export function pushEndpointProblem(value: string, options: { allowLocalHttp: boolean }): string | null {
  if (!URL.canParse(value)) return 'Use the push service address the browser gave (an https: URL)';
  const url = new URL(value);
  if (url.username || url.password) return 'Use an address without a user name or password';
  // `localhost.` is `localhost`: DNS names may end in dots (the root), and resolvers drop them.
  const host = url.hostname.replace(/\.+$/, '');
  if (options.allowLocalHttp && LOOPBACK_HOSTS.has(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') {
    return options.allowLocalHttp ? 'Use an https: URL (or http://127.0.0.1 or http://localhost in dev)' : 'Use an https: URL';
  }
  // URL turns every IPv4 spelling (0x7f.1, 2130706433) into dotted decimal; IPv6 is [bracketed].
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[') || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'Use the push service\'s host name, not an IP address or a local name';
  }
  return null;
}

/** A P-256 public key as the browser gives it: 65 bytes, uncompressed (0x04, x, y). */
export const P256DH_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

/**
 * POST /push/subscriptions: `PushSubscription.toJSON()`. `expirationTime` is accepted and
 * ignored (browsers send null). The API also checks that `p256dh` is a point on the curve.
 */
export function pushSubscriptionSchema(options: { allowLocalHttp: boolean }) {
  return z.object({
    endpoint: text()
      .max(PUSH_ENDPOINT_MAX, `Use at most ${PUSH_ENDPOINT_MAX} characters`)
      .superRefine((value, ctx) => {
        const problem = pushEndpointProblem(value, options);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: text().refine((value) => {
        const bytes = decodeBase64url(value);
        return bytes !== null && bytes.length === P256DH_BYTES && bytes[0] === 0x04;
      }, `Use the browser's base64url P-256 public key (${P256DH_BYTES} bytes, uncompressed)`),
      auth: text().refine((value) => decodeBase64url(value)?.length === AUTH_SECRET_BYTES, `Use the browser's base64url auth secret (${AUTH_SECRET_BYTES} bytes)`),
    }),
  });
}
export type PushSubscriptionBody = z.input<ReturnType<typeof pushSubscriptionSchema>>;

/** DELETE /push/subscriptions: which of the caller's subscriptions to remove. */
export const pushUnsubscribeSchema = z.object({
  endpoint: text().min(1, 'Give the subscription\'s endpoint').max(PUSH_ENDPOINT_MAX, `Use at most ${PUSH_ENDPOINT_MAX} characters`),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeSchema>;

/** POST /push/subscriptions answers the subscription as kept. */
export const pushSubscriptionAnswerSchema = z.object({
  endpoint: text(),
  created_at: text().describe('ISO 8601 time, UTC'),
});

/** GET /push/public-key: the VAPID key for `pushManager.subscribe({applicationServerKey})`. */
export const pushPublicKeySchema = z.object({
  key: text().describe('base64url, the uncompressed P-256 public key (65 bytes)'),
});

/** The JSON inside each push message (decrypted by the browser, shown by the service worker). */
export const pushPayloadSchema = z.object({
  /** In the member's language, as the in-app notification. */
  title: z.string(),
  body: z.string(),
  /** The web app path to open on a tap (the order's page), as the in-app notification has it. */
  link: z.string().nullable(),
  /** Notifications with the same tag replace each other: the same order's updates share one. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
