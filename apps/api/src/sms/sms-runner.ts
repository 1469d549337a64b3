import type { FastifyInstance } from 'fastify';
import type { DeliveryRunner } from '../delivery/delivery-runner';
import type { QueueRound } from '../mail/mail-queue';
import { createSmsRunner, dltTemplatesOf, sendDueSms } from './sms-queue';
import type { SmsSender } from './sms-sender';

// One per app, kept by its sender (the one object the app and its route plugins' contexts
// share): SMS still in flight from one round count against the next round's bounds.
const runners = new WeakMap<SmsSender, DeliveryRunner>();

interface Kicks {
  running: Promise<void> | null;
  again: boolean;
  /** The app is closing: no round starts any more (the scheduler of another process, or the next start, sends what is left). */
  closed: boolean;
}
const kicks = new WeakMap<SmsSender, Kicks>();

/** This app's SMS runner, made on first use; its outcomes are counted per channel (metrics). */
export function smsRunnerOf(app: FastifyInstance): DeliveryRunner {
  let runner = runners.get(app.smsSender);
  if (!runner) {
    runner = createSmsRunner((outcome, seconds) => app.metrics?.deliverySettled('sms', outcome, seconds));
    runners.set(app.smsSender, runner);
  }
  return runner;
}

/** One round of this app's due SMS (the scheduler's job, and a kick's). */
export function sendDueSmsOf(app: FastifyInstance, now: Date = new Date(), waitMs?: number): Promise<QueueRound> {
  return sendDueSms(app.db, app.smsSender, dltTemplatesOf(app.config), now, {
    runner: smsRunnerOf(app),
    ...(waitMs !== undefined ? { waitMs } : {}),
    log: app.log,
  });
}

/** This app's kick state, made on first use. */
function kicksOf(app: FastifyInstance): Kicks {
  let state = kicks.get(app.smsSender);
  if (!state) {
    state = { running: null, again: false, closed: false };
    kicks.set(app.smsSender, state);
  }
  return state;
}

/**
 * Sends the due SMS now, in this process, without waiting for the scheduler's next tick: a
 * sign-in code is wanted within seconds. Never throws (the scheduler picks up what a failed
 * round left), and kicks that come while a round runs make one more round, not one each.
 */
export function kickSms(app: FastifyInstance): void {
  const state = kicksOf(app);
  if (state.closed) return;
  if (state.running) {
    state.again = true;
    return;
  }
  const current = state;
  // The loop ends and `running` clears in one synchronous step: a kick that comes at any moment
  // after the last check finds no round running and starts one, rather than leaving its SMS to
  // the scheduler. (The first await comes before any work, so `running` is set before it can clear.)
  current.running = (async () => {
    await Promise.resolve();
    let started = 0;
    for (;;) {
      current.again = false;
      try {
        started += (await sendDueSmsOf(app, new Date(), 0)).started;
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'sending the due SMS failed; the scheduler tries again');
      }
      if (!current.again) {
        current.running = null;
        break;
      }
    }
    // One number has one SMS in flight at a time (sms-queue.ts): a second one for it waited
    // in the queue. Once a delivery settles, one more round sends it now instead of at the
    // scheduler's next tick (30 s); rounds stop once one starts nothing and none is in flight.
    const runner = smsRunnerOf(app);
    if (started > 0 || runner.load('address').size > 0) void runner.settled().then(() => kickSms(app));
  })();
}

/** Waits for the kicked rounds and the SMS in flight: closing the app must not cut them off from the database. */
export async function smsSettled(app: FastifyInstance): Promise<void> {
  await kicks.get(app.smsSender)?.running;
  await runners.get(app.smsSender)?.idle();
}

/** The app is closing: no kicked round starts any more, and those running finish (see smsSettled). */
export async function closeSms(app: FastifyInstance): Promise<void> {
  kicksOf(app).closed = true;
  await smsSettled(app);
}
