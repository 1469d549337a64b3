import webpush from 'web-push';
import type { PushPayload } from '@app/shared/schemas/push';
import type { PushUrgency } from './push-queue';
import type { VapidKeys } from './vapid-keys';

/** A phone that stays offline longer than a day no longer needs to hear of the order. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * A push service that has not answered by then is counted as failed (and retried with
 * backoff). FCM, Mozilla's and Apple's services answer a POST in well under a second from
 * a data centre; 4 s is ten times that and covers a fresh TLS handshake on a bad path, while
 * a dead endpoint holds its slot only that long (design.md section 23).
 */
export const PUSH_TIMEOUT_MS = 4_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the browser unsubscribed or the subscription expired; it is removed. */
  | { kind: 'gone'; status: number }
  /** Anything else (an HTTP error, no answer, a refused connection): retried with backoff. */
  | { kind: 'failed'; error: string }
  /** The process is closing: the message goes back to the queue as it was. */
  | { kind: 'aborted' };

/**
 * Sends one message: web-push encrypts it (RFC 8291 aes128gcm) and signs the VAPID JWT
 * (RFC 8292) in generateRequestDetails; the POST is ours, with fetch, because web-push's
 * own sender uses https.request only (no http:// push service in dev and tests) and has no
 * abort signal. Redirects are not followed: the endpoint was checked, a Location was not.
 */
export async function sendPush(target: PushTarget, payload: PushPayload, urgency: PushUrgency, vapid: VapidKeys, closing?: AbortSignal): Promise<PushOutcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency,
    });
  } catch (error) {
    return { kind: 'failed', error: `could not encrypt or sign: ${(error as Error).message}` };
  }
  // web-push gives numbers for TTL and Content-Length; fetch sets the length itself.
  const headers = Object.fromEntries(
    Object.entries(request.headers as Record<string, string | number>)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const timeout = AbortSignal.timeout(PUSH_TIMEOUT_MS);
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
      signal: closing ? AbortSignal.any([closing, timeout]) : timeout,
    });
    // Nothing in the answer is used; reading it all would let a push service make us wait.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
    return { kind: 'failed', error: `the push service answered HTTP ${response.status}` };
  } catch (error) {
    if (closing?.aborted) return { kind: 'aborted' };
    if (timeout.aborted) return { kind: 'failed', error: `the push service did not answer in ${PUSH_TIMEOUT_MS / 1000} s` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'failed', error: `${(error as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''}` };
  }
}
