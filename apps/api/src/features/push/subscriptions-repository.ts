import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX } from '@app/shared/schemas/push';
import type { Database } from '../../db/database';
import { pushQueue, pushSubscriptions } from '../../db/tables/push.table';

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for `memberId`. The same endpoint again replaces it (new
 * keys, posted now); posted by another member it moves to that one (one device, one
 * signed-in member), and what was still queued for the previous member is dropped, never
 * shown on a phone that changed hands. Past PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX, the member's
 * least recently posted subscriptions go.
 */
export async function saveSubscription(db: Database, memberId: number, subscription: NewSubscription): Promise<{ endpoint: string; createdAt: Date }> {
  return db.transaction(async (tx) => {
    const elsewhere = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, subscription.endpoint), ne(pushSubscriptions.memberId, memberId)));
    await tx.delete(pushQueue).where(inArray(pushQueue.subscriptionId, elsewhere));
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ memberId, ...subscription })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { memberId, p256dh: subscription.p256dh, auth: subscription.auth, updatedAt: sql`now()` },
      })
      .returning({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), notInArray(pushSubscriptions.id, newest)));
    return row!;
  });
}

/** Removes the member's own subscription of that endpoint (another member's is never touched); its queued pushes go with it. */
export async function removeSubscription(db: Database, memberId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.memberId, memberId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
