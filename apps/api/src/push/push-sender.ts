import type { FastifyInstance } from 'fastify';
import { PUSH_BATCH, sendDuePushes, type PushSendOptions } from './send-due-pushes';

/** design.md section 15 asks for a push within 5 s of its event; a poll costs one indexed query. */
export const PUSH_POLL_MS = 1_000;

/** The sending options of this app: its key pair, its endpoint rule and its log. */
export function pushSendOptions(app: FastifyInstance, closing?: AbortSignal): PushSendOptions {
  return { vapid: app.vapidKeys, allowLocalHttp: app.config.APP_ENV === 'dev', log: app.log, ...(closing ? { closing } : {}) };
}

/**
 * The push sender of this process: every PUSH_POLL_MS it sends what is due (and goes on at
 * once while batches come back full). Every API process runs one; the lease in
 * sendDuePushes keeps them from sending a push twice. Stopped before the app closes: the
 * pushes in flight are aborted and go back to the queue.
 */
export function startPushSender(app: FastifyInstance, intervalMs = PUSH_POLL_MS): void {
  const closing = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let failing = false;
  const round = async () => {
    while (!closing.signal.aborted) {
      const result = await sendDuePushes(app.db, pushSendOptions(app, closing.signal));
      if (result.leased < PUSH_BATCH) return;
    }
  };
  const tick = () => {
    timer = null;
    running = round()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        // A database that is down is logged once and polled every 10 intervals until it answers.
        if (!failing) app.log.error({ err: (error as Error).message }, 'push sender failed');
        failing = true;
      })
      .finally(() => {
        running = null;
        if (!closing.signal.aborted) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, failing ? intervalMs * 10 : intervalMs);
    timer.unref();
  };
  schedule();
  app.addHook('preClose', async () => {
    closing.abort();
    if (timer) clearTimeout(timer);
    await running;
  });
}
