import { istIsoTime } from '@app/shared/india-time';
import { OCCURRED_AT_GRACE_MS } from '@app/shared/schemas/geo';
import type { DbOrTx } from '../../db/database';
import { fieldError } from '../../http/http-error';
import { readStepClock } from './orders-repository';

/**
 * When a step was taken (design.md section 18, decision 069): the `occurred_at` a client
 * sent (its form already checked by the shared schema), judged by the database's clock in
 * the transaction that holds the order's lock. Not after now plus the grace phones' clocks
 * need, not before the order's previous step: 400 naming `occurred_at`, nothing written.
 * Answers the time to keep, or null when none was sent (the event then keeps its receipt time).
 */
export async function judgeStepTime(tx: DbOrTx, orderId: number, occurredAt: string | undefined): Promise<Date | null> {
  if (occurredAt === undefined) return null;
  const at = new Date(Date.parse(occurredAt));
  const clock = await readStepClock(tx, orderId, at, OCCURRED_AT_GRACE_MS);
  if (clock.future) {
    throw fieldError('occurred_at', `A step cannot be taken in the future: ${occurredAt} is more than ${OCCURRED_AT_GRACE_MS / 60_000} minutes after the server's time`);
  }
  if (clock.early && clock.previousAt) {
    throw fieldError('occurred_at', `A step cannot be taken before the order's previous step, at ${istIsoTime(clock.previousAt)}`);
  }
  return at;
}
