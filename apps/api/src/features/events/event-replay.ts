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

/** The events after `afterId` this member may see, oldest first (at most 1000: a client further behind refetches anyway). */
export async function replayEvents(db: DbOrTx, auth: AuthContext, afterId: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(gt(liveEvents.id, afterId), sql`${liveEvents.createdAt} > now() - make_interval(mins => ${REPLAY_RETENTION_MINUTES})`, audienceCondition(auth)))
    .orderBy(asc(liveEvents.id))
    .limit(REPLAY_MAX);
  return rows
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      data: r.data as Record<string, unknown>,
      store_id: r.storeId,
      vendor_id: r.vendorId,
      city_id: r.cityId,
      driver_ids: r.driverIds,
      member_id: r.memberId,
    }))
    .filter((event) => mayReceive(auth, event));
}

/** The scheduler's pruning: events older than the replay window. */
export async function pruneEvents(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(liveEvents)
    .where(sql`${liveEvents.createdAt} < now() - make_interval(mins => ${REPLAY_RETENTION_MINUTES})`)
    .returning({ id: liveEvents.id });
  return deleted.length;
}
