import type { FastifyInstance } from 'fastify';
import type { DeliveryRunner } from './delivery-runner';

export interface DeliveryPumpOptions {
  runner: DeliveryRunner;
  /** Aborted before the app closes: deliveries in flight stop and go back to their queue. */
  closing: AbortController;
  intervalMs: number;
  /**
   * Leases what is due, as much as the runner has room for, and hands it over without
   * waiting for it: answers how many rows it asked for, how many it got, and whether rows
   * it passed over (a full lane's) may have hidden others.
   */
  dispatch(): Promise<{ asked: number; leased: number; more: boolean }>;
}

/**
 * A channel's sender in this process: every `intervalMs` it hands what is due to the runner,
 * and while the queue keeps more than the runner can take it leases again as soon as a
 * delivery settles. It never waits for a delivery to finish before looking again, so a
 * slow destination's rows in flight do not keep anyone else's due rows waiting.
 */
export function startDeliveryPump(app: FastifyInstance, name: string, options: DeliveryPumpOptions): void {
  const { runner, closing } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let failing = false;
  const closed = new Promise<void>((resolve) => closing.signal.addEventListener('abort', () => resolve(), { once: true }));
  const round = async () => {
    while (!closing.signal.aborted) {
      if (runner.room() === 0) {
        await Promise.race([runner.settled(), closed]);
        continue;
      }
      const { asked, leased, more } = await options.dispatch();
      if (leased < asked && !more) return;
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
        if (!failing) app.log.error({ err: (error as Error).message }, `${name} failed`);
        failing = true;
      })
      .finally(() => {
        running = null;
        if (!closing.signal.aborted) schedule();
      });
  };
  const schedule = () => {
    timer = setTimeout(tick, failing ? options.intervalMs * 10 : options.intervalMs);
    timer.unref();
  };
  schedule();
  app.addHook('preClose', async () => {
    closing.abort();
    if (timer) clearTimeout(timer);
    await running;
    // What was in flight is aborted by now and puts its rows back while the database is open.
    await runner.idle();
  });
}
