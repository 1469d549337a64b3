import { sql, type SQL } from 'drizzle-orm';
import type { PushPayload } from '@app/shared/schemas/push';
import type { Database } from '../db/database';
import type { PushUrgency } from './push-queue';
import { queryRows } from '../db/sql-rows';

/** While one process sends a push, no other takes it: far longer than a push can take (its timeout included). */
const LEASE_SECONDS = 120;
/**
 * Due rows one lease looks at (and locks for that statement) per row it may take: room to
 * skip the rows beyond a lane's room, while another process's lease still finds rows of
 * its own past the ones this one holds (SKIP LOCKED).
 */
const SCAN_PER_ROW = 4;
const SCAN_MAX = 500;

export interface DuePush {
  id: number;
  subscription_id: number;
  member_id: number;
  /** The push service's origin (`https://fcm.googleapis.com`): one lane of the runner. */
  origin: string | null;
  payload: PushPayload;
  urgency: PushUrgency;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushLease {
  pushes: DuePush[];
  /**
   * The scan was full: rows beyond their lane's room may have hidden others. Leasing again
   * at once finds them, since the lanes filled now are left out before the scan.
   */
  more: boolean;
}

export interface PushLeaseRequest {
  /** The database's clock, or the one a test sets. */
  at: SQL;
  limit: number;
  /** Pushes this process has under way per member (`{"12": 1}`) and per origin, and each lane's bound. */
  memberLoad: string;
  memberMax: number;
  originLoad: string;
  originMax: number;
}

// The origin as URL gives it, for http(s) endpoints (the only ones a subscription can have).
const ORIGIN = sql.raw(`lower(substring(s.endpoint from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+'))`);

/**
 * Leases due pushes, each by exactly one process: the candidates are locked `FOR UPDATE SKIP
 * LOCKED` and their next_attempt_at moves past the lease, in one statement. It takes no
 * member's and no push service's pushes beyond the room their lane has left in this
 * process, so everything leased starts at once: a member whose endpoints hang keeps its
 * other rows in the queue instead of holding them, and the rows behind it are taken.
 */
export async function leaseDuePushes(db: Database, request: PushLeaseRequest): Promise<PushLease> {
  if (request.limit <= 0) return { pushes: [], more: false };
  const scan = Math.min(SCAN_MAX, request.limit * SCAN_PER_ROW);
  const memberLoad = sql`coalesce((${request.memberLoad}::jsonb ->> s.member_id::text)::int, 0)`;
  const rows = await queryRows<DuePush & { scanned: number }>(
    db,
    sql`
    with due as (
      select q.id, q.next_attempt_at, s.member_id, ${ORIGIN} as origin, ${memberLoad} as member_load
      from push_queue q join push_subscriptions s on s.id = q.subscription_id
      where q.next_attempt_at <= ${request.at}
        and ${memberLoad} < ${request.memberMax}
        and coalesce((${request.originLoad}::jsonb ->> ${ORIGIN})::int, 0) < ${request.originMax}
      order by q.next_attempt_at, q.id
      limit ${scan}
      for update of q skip locked
    ), by_member as (
      select id, next_attempt_at, origin from (
        select id, next_attempt_at, origin, member_load + row_number() over (partition by member_id order by next_attempt_at, id) as n from due
      ) m where n <= ${request.memberMax}
    ), by_origin as (
      select id, next_attempt_at from (
        select id, next_attempt_at,
          coalesce((${request.originLoad}::jsonb ->> origin)::int, 0) + row_number() over (partition by origin order by next_attempt_at, id) as n
        from by_member
      ) o where n <= ${request.originMax}
      order by next_attempt_at, id
      limit ${request.limit}
    )
    update push_queue q set next_attempt_at = ${request.at} + make_interval(secs => ${LEASE_SECONDS})
    from push_subscriptions s
    where s.id = q.subscription_id and q.id in (select id from by_origin)
    returning q.id, q.subscription_id, s.member_id, ${ORIGIN} as origin, q.payload, q.urgency, q.attempts, s.endpoint, s.p256dh, s.auth,
      (select count(*)::int from due) as scanned`,
  );
  // Oldest first: the order of returning is the table's, not the lease's.
  const pushes = rows.map(({ scanned: _, ...push }) => push).sort((a, b) => a.id - b.id);
  return { pushes, more: rows[0]?.scanned === scan };
}
