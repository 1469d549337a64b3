import { inArray } from 'drizzle-orm';
import type { PushPayload } from '@app/shared/schemas/push';
import type { DbOrTx } from '../db/database';
import { pushQueue, pushSubscriptions } from '../db/tables/push.table';

export type PushUrgency = (typeof pushQueue.$inferInsert)['urgency'] & string;

export interface PushMessage {
  memberId: number;
  payload: PushPayload;
  urgency: PushUrgency;
}

/**
 * Queues each message for every subscription of its member, in the caller's transaction
 * (the notification's): the push goes out exactly when what it announces exists. The push
 * senders pick the rows up within a second. Answers how many rows were queued.
 */
export async function queuePushes(db: DbOrTx, messages: readonly PushMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const memberIds = [...new Set(messages.map((m) => m.memberId))];
  const subscriptions = await db
    .select({ id: pushSubscriptions.id, memberId: pushSubscriptions.memberId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.memberId, memberIds));
  const rows = subscriptions.flatMap((s) =>
    messages.filter((m) => m.memberId === s.memberId).map((m) => ({ subscriptionId: s.id, payload: m.payload, urgency: m.urgency })),
  );
  if (rows.length > 0) await db.insert(pushQueue).values(rows);
  return rows.length;
}
