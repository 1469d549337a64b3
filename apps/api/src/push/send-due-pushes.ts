import { sql } from 'drizzle-orm';
import { pushEndpointProblem } from '@app/shared/schemas/push';
import type { Database } from '../db/database';
import { createDeliveryRunner, loadJson, type DeliveryRunner, type Lane } from '../delivery/delivery-runner';
import { leaseDuePushes, type DuePush } from './lease-due-pushes';
import { sendPush, type PushOutcome } from './push-request';
import { settlePush, type SettleLog } from './settle-push';
import type { VapidKeys } from './vapid-keys';

export { PUSH_MAX_ATTEMPTS } from './settle-push';

/** Pushes in flight at once in one process. */
export const PUSH_MAX_IN_FLIGHT = 32;
/** A member's pushes in flight at once in one process: its phones that never answer hold two slots, never anyone else's. */
export const PUSH_PER_MEMBER = 2;
/** One push service's pushes in flight at once in one process: one that is down leaves half the slots to the others. */
export const PUSH_PER_ORIGIN = 16;

export interface PushSendOptions {
  vapid: VapidKeys;
  /** APP_ENV=dev: a push service on this machine over http (the endpoint rule of @app/shared/schemas/push). */
  allowLocalHttp: boolean;
  /** Tests move the clock; otherwise the database's. */
  now?: Date;
  /** At most this many rows leased (the runner's room otherwise). */
  batch?: number;
  /** Aborted when the process closes: pushes in flight go back to the queue. */
  closing?: AbortSignal;
  log?: SettleLog & { error(obj: object, msg: string): void };
}

export interface PushRound {
  leased: number;
  sent: number;
  /** Subscriptions removed: the push service said 404/410, or the endpoint is no longer allowed. */
  removed: number;
  retried: number;
  givenUp: number;
}

/** The runner of a process's pushes, with its bounds; `onSettled` counts outcomes (metrics). */
export function createPushRunner(onSettled?: (outcome: string, seconds: number) => void): DeliveryRunner {
  return createDeliveryRunner({ channel: 'push', maxInFlight: PUSH_MAX_IN_FLIGHT, ...(onSettled ? { onSettled } : {}) });
}

const lanesOf = (push: DuePush): Lane[] => [
  { kind: 'member', key: String(push.member_id), max: PUSH_PER_MEMBER },
  { kind: 'origin', key: push.origin ?? '', max: PUSH_PER_ORIGIN },
];

/**
 * Leases what is due (as much as `runner` has room for, within each member's and push
 * service's lane) and starts every push as a task of its own, which writes its outcome
 * when it has one. Answers at once with the leased rows; `done` settles with the round's
 * counts once they all have. Nothing that queued a push waits for it or fails with it.
 */
export async function dispatchDuePushes(db: Database, runner: DeliveryRunner, options: PushSendOptions): Promise<{ asked: number; leased: number; more: boolean; done: Promise<PushRound> }> {
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const asked = Math.min(runner.room(), options.batch ?? Number.POSITIVE_INFINITY);
  const { pushes: leased, more } = await leaseDuePushes(db, {
    at,
    limit: asked,
    memberLoad: loadJson(runner, 'member'),
    memberMax: PUSH_PER_MEMBER,
    originLoad: loadJson(runner, 'origin'),
    originMax: PUSH_PER_ORIGIN,
  });
  const round: PushRound = { leased: leased.length, sent: 0, removed: 0, retried: 0, givenUp: 0 };
  const tasks = leased.map((push) =>
    runner
      .run(lanesOf(push), async () => {
        // Checked again at sending: a row may outlive the rule it was posted under (a dev database taken to production).
        const problem = pushEndpointProblem(push.endpoint, { allowLocalHttp: options.allowLocalHttp });
        const outcome: PushOutcome = problem ? { kind: 'gone', status: 0 } : await sendPush(push, push.payload, push.urgency, options.vapid, options.closing);
        const settled = await settlePush(db, push, outcome, at, options.log);
        if (settled === 'sent') round.sent += 1;
        else if (settled === 'removed') round.removed += 1;
        else if (settled === 'retried') round.retried += 1;
        else if (settled === 'given-up') round.givenUp += 1;
        return outcome;
      })
      .catch((error: unknown) => {
        // The database failed while writing the outcome: the row stays leased and is tried again after the lease.
        options.log?.error({ err: (error as Error).message, push: push.id }, 'push outcome not written');
      }),
  );
  return { asked, leased: leased.length, more, done: Promise.all(tasks).then(() => round) };
}

/** One round that waits for its pushes: what tests and one-off callers use (the process's sender does not wait). */
export async function sendDuePushes(db: Database, options: PushSendOptions): Promise<PushRound> {
  const runner = createPushRunner();
  const { done } = await dispatchDuePushes(db, runner, { ...options, batch: options.batch ?? PUSH_MAX_IN_FLIGHT });
  return done;
}
