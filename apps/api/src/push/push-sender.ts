import type { FastifyInstance } from 'fastify';
import { startDeliveryPump } from '../delivery/delivery-pump';
import { createPushRunner, dispatchDuePushes, type PushSendOptions } from './send-due-pushes';

/** design.md section 15 asks for a push within 5 s of its event; a poll costs one indexed query. */
export const PUSH_POLL_MS = 1_000;

/** The sending options of this app: its key pair, its endpoint rule and its log. */
export function pushSendOptions(app: FastifyInstance, closing?: AbortSignal): PushSendOptions {
  return { vapid: app.vapidKeys, allowLocalHttp: app.config.APP_ENV === 'dev', log: app.log, ...(closing ? { closing } : {}) };
}

/**
 * The push sender of this process: every PUSH_POLL_MS (and as soon as a slot frees while
 * more is due) it hands due pushes to its runner, without waiting for those in flight.
 * Every API process runs one; the lease keeps them from sending a push twice. Stopped
 * before the app closes: the pushes in flight are aborted and go back to the queue.
 */
export function startPushSender(app: FastifyInstance, intervalMs = PUSH_POLL_MS): void {
  const closing = new AbortController();
  const runner = createPushRunner((outcome, seconds) => app.metrics?.deliverySettled('push', outcome, seconds));
  startDeliveryPump(app, 'push sender', {
    runner,
    closing,
    intervalMs,
    dispatch: () => dispatchDuePushes(app.db, runner, pushSendOptions(app, closing.signal)),
  });
}
