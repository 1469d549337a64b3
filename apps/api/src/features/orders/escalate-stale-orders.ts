import { sql } from 'drizzle-orm';
import { formatOrderNumber, formatReadableTime } from '@app/shared/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import type { Database } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { en } from '../../mail/templates/en';
import { notifyEscalated } from './order-notifications';
import { readOrderSettings } from '../../settings/order-settings';
import { queryRows } from '../../db/sql-rows';

/** The statuses in which an order waits for a person (design.md section 12). */
export const ESCALATED_STATUSES: readonly OrderStatus[] = ['waiting_store', 'waiting_admin', 'issue'];
const BATCH = 100;

interface StandingOrder {
  id: number;
  status: OrderStatus;
  store_id: number;
  vendor_id: number;
  driver_id: number | null;
  store_name: string;
  event_id: number;
  since: Date | string;
}

/**
 * An order that has stood `escalate_after_hours` in waiting_store, waiting_admin or issue
 * opens one escalation and notifies the admins, once per stay: the escalation keeps the
 * id of the event that began the stay, under a unique index, so two processes (or two
 * ticks) racing on one order insert it once and only the winner notifies.
 */
export async function escalateStaleOrders(db: Database, now: Date = new Date()): Promise<number> {
  const rules = await readOrderSettings(db);
  const hours = rules.escalate_after_hours;
  if (hours <= 0) return 0;
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  // order_stays_due_idx holds only the stays not yet escalated in a waiting status, oldest
  // first: the tick reads the few that are due, however many orders there are.
  const standing = await queryRows<StandingOrder>(
    db,
    sql`
    select o.id, o.status, o.store_id, o.vendor_id, o.driver_id, s.name as store_name, st.event_id, st.since
    from order_stays st
    join orders o on o.id = st.order_id and o.status = st.status
    join stores s on s.id = o.store_id
    where st.status in ('waiting_store', 'waiting_admin', 'issue')
      and not st.escalated
      and st.since < ${cutoff.toISOString()}::timestamptz
    order by st.since
    limit ${BATCH}`,
  );
  let opened = 0;
  for (const row of standing) {
    const created = await db.transaction(async (tx) => {
      const n = formatOrderNumber(row.id);
      const label = ORDER_STATUS_LABELS[row.status];
      const [escalation] = await tx
        .insert(escalations)
        .values({
          storeId: row.store_id,
          vendorId: row.vendor_id,
          orderId: row.id,
          createdBy: null,
          subject: en.escalation.subject(n, label, hours),
          description: en.escalation.description(n, label.toLowerCase(), formatReadableTime(new Date(row.since))),
          orderEventId: row.event_id,
        })
        .onConflictDoNothing({ target: escalations.orderEventId })
        .returning({ id: escalations.id });
      if (!escalation) return false;
      await notifyEscalated(tx, { id: row.id, storeId: row.store_id, vendorId: row.vendor_id, driverId: row.driver_id, storeName: row.store_name }, label, hours);
      return true;
    });
    if (created) opened += 1;
  }
  return opened;
}
