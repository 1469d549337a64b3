import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { pushQueue, pushSubscriptions } from '../db/tables/push.table';
import { retryDelaySeconds } from '../mail/mail-queue';
import type { DuePush } from './lease-due-pushes';
import type { PushOutcome } from './push-request';

/** After this many failed attempts (about half an hour with the mail's backoff) a push is dropped. */
export const PUSH_MAX_ATTEMPTS = 6;

export type PushSettled = 'sent' | 'removed' | 'retried' | 'given-up' | 'returned';

export interface SettleLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Writes one push's outcome as soon as it has one, whatever its neighbours are still doing:
 * sent, the row goes and its subscription remembers it worked; 404/410, the subscription
 * goes with all its rows (on delete cascade); failed, retried with the mail's backoff or
 * dropped after the last attempt; aborted (the process closes), due again at once.
 */
export async function settlePush(db: Database, push: DuePush, outcome: PushOutcome, at: SQL, log?: SettleLog): Promise<PushSettled> {
  switch (outcome.kind) {
    case 'sent':
      await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, push.subscription_id));
      await db.delete(pushQueue).where(eq(pushQueue.id, push.id));
      return 'sent';
    case 'gone': {
      const removed = await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscription_id)).returning({ id: pushSubscriptions.id });
      if (removed.length > 0) log?.info({ subscription: push.subscription_id, status: outcome.status }, 'push subscription removed: the push service no longer knows it');
      // Another of its rows may have removed it already: counted once.
      return removed.length > 0 ? 'removed' : 'returned';
    }
    case 'aborted':
      await db.update(pushQueue).set({ nextAttemptAt: sql`now()` }).where(eq(pushQueue.id, push.id));
      return 'returned';
    case 'failed': {
      const attempts = push.attempts + 1;
      const error = outcome.error.slice(0, 500);
      if (attempts >= PUSH_MAX_ATTEMPTS) {
        await db.delete(pushQueue).where(eq(pushQueue.id, push.id));
        log?.warn({ push: push.id, subscription: push.subscription_id, attempts, error }, 'push given up');
        return 'given-up';
      }
      await db.execute(sql`
        update push_queue set attempts = ${attempts}, last_error = ${error},
          next_attempt_at = ${at} + make_interval(secs => ${retryDelaySeconds(attempts)})
        where id = ${push.id}`);
      return 'retried';
    }
  }
}
