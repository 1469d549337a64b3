import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../../auth/auth-context';
import type { DbOrTx } from '../../db/database';
import { liveEvents } from '../../db/tables/live.table';
import { mayReceive, type LiveEvent } from './live-event';

/** How long events are kept for reconnecting clients (design.md asks at least 10 minutes). */
export const REPLAY_RETENTION_MINUTES = 60;
const REPLAY_MAX = 1000;

/** mayReceive (live-event.ts) as a WHERE clause, so a replay reads only the caller's events. */
function audienceCondition(auth: AuthContext): SQL {
  const own = or(eq(liveEvents.kind, 'rates'), and(eq(liveEvents.kind, 'notification'), eq(liveEvents.memberId, auth.memberId)))!;
  const isOrder = eq(liveEvents.kind, 'order');
  switch (auth.role) {
    case 'admin':
      return or(own, isOrder)!;
    case 'vendor':
      return auth.vendorId === null ? own : or(own, and(isOrder, eq(liveEvents.vendorId, auth.vendorId)))!;
    case 'store':
    case 'household':
      return auth.storeId === null ? own : or(own, and(isOrder, eq(liveEvents.storeId, auth.storeId)))!;
    case 'driver': {
      if (auth.driverId === null) return own;
      const mine = sql`${liveEvents.driverIds} @> array[${auth.driverId}]::integer[]`;
      const city = auth.cityId === null ? sql`false` : eq(liveEvents.cityId, auth.cityId);
      return or(own, and(isOrder, or(mine, city)))!;
    }
    default:
      return own;
  }
}

function toLiveEvent(r: typeof liveEvents.$inferSelect): LiveEvent {
  return {
    id: r.id,
    kind: r.kind,
    data: r.data as Record<string, unknown>,
    store_id: r.storeId,
    vendor_id: r.vendorId,
    city_id: r.cityId,
    driver_ids: r.driverIds,
    member_id: r.memberId,
  };
}

/** The events after `afterId` this member may see, oldest first (at most 1000: a client further behind refetches anyway). */
export async function replayEvents(db: DbOrTx, auth: AuthContext, afterId: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), sql`${liveEvents.createdAt} > now() - make_interval(mins => ${REPLAY_RETENTION_MINUTES})`, audienceCondition(auth)))
    .orderBy(asc(liveEvents.id))
    .limit(REPLAY_MAX);
  return rows.map(toLiveEvent).filter((event) => mayReceive(auth, event));
}

/**
 * Every event written by a transaction that started after `since`, whoever its audience,
 * oldest first, at most `limit`: what the change feed replays to its open streams after
 * its LISTEN connection was lost (live-delivery.ts). Served by live_events_created_at_idx.
 */
export async function eventsWrittenSince(db: DbOrTx, since: Date, limit: number): Promise<LiveEvent[]> {
  const rows = await db.select().from(liveEvents).where(gt(liveEvents.createdAt, since)).orderBy(asc(liveEvents.id)).limit(limit);
  return rows.map(toLiveEvent);
}

/** The newest event's id, 0 when there is none. */
export async function latestEventId(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: sql<number | string | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(rows[0]?.id ?? 0);
}

/** The scheduler's pruning: events older than the replay window. */
export async function pruneEvents(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - make_interval(mins => ${REPLAY_RETENTION_MINUTES})`)
    .returning({ id: liveEvents.id });
  return deleted.length;
}
