import { inArray, sql } from 'drizzle-orm';
import { pushEndpointProblem, type PushPayload } from '@app/shared/schemas/push';
import type { Database } from '../db/database';
import { pushQueue, pushSubscriptions } from '../db/tables/push.table';
import { retryDelaySeconds } from '../mail/mail-queue';
import type { PushUrgency } from './push-queue';
import { sendPush, type PushOutcome } from './push-request';
import type { VapidKeys } from './vapid-keys';

/** After this many failed attempts (about half an hour with the mail's backoff) a push is dropped. */
export const PUSH_MAX_ATTEMPTS = 6;
/** While one process sends a push, no other takes it: longer than a batch can take (timeouts included). */
const LEASE_SECONDS = 120;
export const PUSH_BATCH = 50;
/** Pushes of one batch in flight at once: a slow push service does not hold the others up. */
const CONCURRENCY = 8;

interface DuePush {
  id: number;
  subscription_id: number;
  payload: PushPayload;
  urgency: PushUrgency;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  vapid: VapidKeys;
  /** APP_ENV=dev: a push service on this machine over http (the endpoint rule of @app/shared/schemas/push). */
  allowLocalHttp: boolean;
  /** Tests move the clock; otherwise the database's. */
  now?: Date;
  batch?: number;
  /** Aborted when the process closes: pushes in flight go back to the queue. */
  closing?: AbortSignal;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface PushRound {
  leased: number;
  sent: number;
  /** Subscriptions removed: the push service said 404/410, or the endpoint is no longer allowed. */
  removed: number;
  retried: number;
  givenUp: number;
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/**
 * Sends what is due, each push by exactly one process: one statement leases a batch
 * (`FOR UPDATE SKIP LOCKED`, then next_attempt_at moves past the lease, as the mail queue
 * does), the pushes go out with no transaction open, and each row is then deleted (sent,
 * or given up), rescheduled with the mail's backoff, or its subscription removed (404/410).
 * Nothing that queued a push waits for it or fails with it.
 */
export async function sendDuePushes(db: Database, options: PushSendOptions): Promise<PushRound> {
  const at = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const result = await db.execute(sql`
    update push_queue q set next_attempt_at = ${at} + make_interval(secs => ${LEASE_SECONDS})
    from push_subscriptions s
    where s.id = q.subscription_id and q.id in (
      select id from push_queue
      where next_attempt_at <= ${at}
      order by next_attempt_at, id
      limit ${options.batch ?? PUSH_BATCH}
      for update skip locked
    )
    returning q.id, q.subscription_id, q.payload, q.urgency, q.attempts, s.endpoint, s.p256dh, s.auth`);
  const leased = (result as unknown as { rows: DuePush[] }).rows;
  const round: PushRound = { leased: leased.length, sent: 0, removed: 0, retried: 0, givenUp: 0 };
  if (leased.length === 0) return round;

  const outcomes = new Map<DuePush, PushOutcome>();
  await inPool(leased, CONCURRENCY, async (push) => {
    // Checked again at sending: a row may outlive the rule it was posted under (a dev database taken to production).
    const problem = pushEndpointProblem(push.endpoint, { allowLocalHttp: options.allowLocalHttp });
    const outcome = problem ? { kind: 'gone' as const, status: 0 } : await sendPush(push, push.payload, push.urgency, options.vapid, options.closing);
    outcomes.set(push, outcome);
  });

  const of = (kind: PushOutcome['kind']) => leased.filter((p) => outcomes.get(p)?.kind === kind);
  const sent = of('sent');
  if (sent.length > 0) {
    await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(inArray(pushSubscriptions.id, [...new Set(sent.map((p) => p.subscription_id))]));
    await db.delete(pushQueue).where(inArray(pushQueue.id, sent.map((p) => p.id)));
  }
  const gone = [...new Set(of('gone').map((p) => p.subscription_id))];
  if (gone.length > 0) {
    // Its pending pushes go with it (on delete cascade).
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    options.log?.info({ subscriptions: gone }, 'push subscriptions removed: the push service no longer knows them');
  }
  const aborted = of('aborted');
  if (aborted.length > 0) await db.update(pushQueue).set({ nextAttemptAt: sql`now()` }).where(inArray(pushQueue.id, aborted.map((p) => p.id)));
  for (const push of of('failed')) {
    const attempts = push.attempts + 1;
    const error = (outcomes.get(push) as { error: string }).error.slice(0, 500);
    if (attempts >= PUSH_MAX_ATTEMPTS) {
      await db.delete(pushQueue).where(inArray(pushQueue.id, [push.id]));
      options.log?.warn({ push: push.id, subscription: push.subscription_id, attempts, error }, 'push given up');
      round.givenUp += 1;
    } else {
      await db.execute(sql`
        update push_queue set attempts = ${attempts}, last_error = ${error},
          next_attempt_at = ${at} + make_interval(secs => ${retryDelaySeconds(attempts)})
        where id = ${push.id}`);
      round.retried += 1;
    }
  }
  round.sent = sent.length;
  round.removed = gone.length;
  return round;
}
