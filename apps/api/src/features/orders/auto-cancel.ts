import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { en } from '../../mail/templates/en';
import { notifyAutoCancelled } from './order-notifications';
import { BUILT_IN_CHANNELS, type ConfiguredChannels } from '../../notifications/channels';
import { insertEvent, updateOrder } from './orders-repository';
import { readOrderSettings } from '../../settings/order-settings';
import { queryRows } from '../../db/sql-rows';

const BATCH = 50;

interface StaleOrder {
  id: number;
  store_id: number;
  vendor_id: number;
  driver_id: number | null;
  store_name: string;
}

/**
 * design.md section 12: a pending order older than `auto_cancel_after_hours` is cancelled
 * by the system (event actor null, the reason word for word); an order with a pickup slot
 * counts those hours from the slot's end instead (section 18), so a slot days ahead is
 * not cancelled before it came. orders_pending_cancel_from_idx holds that instant for the
 * pending orders alone, so a tick reads only the ones that are due. Each batch is one
 * transaction that claims its orders with FOR UPDATE SKIP LOCKED, so with several API
 * processes each order is cancelled by exactly one; a driver accepting meanwhile either
 * wins the row lock first (the order is no longer pending) or gets 409 afterwards.
 */
export async function autoCancelStaleOrders(db: Database, now: Date = new Date(), channels: ConfiguredChannels = BUILT_IN_CHANNELS): Promise<number> {
  const rules = await readOrderSettings(db);
  const hours = rules.auto_cancel_after_hours;
  if (hours <= 0) return 0;
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  const reason = en.autoCancelReason(hours);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await queryRows<StaleOrder>(
        tx,
        sql`
        select o.id, o.store_id, o.vendor_id, o.driver_id, s.name as store_name
        from orders o join stores s on s.id = o.store_id
        where o.status = 'pending' and coalesce(o.pickup_slot_end, o.created_at) < ${cutoff.toISOString()}::timestamptz
        order by coalesce(o.pickup_slot_end, o.created_at), o.id
        limit ${BATCH}
        for update of o skip locked`,
      );
      for (const row of rows) {
        await updateOrder(tx, row.id, { status: 'cancelled', updatedAt: sql`now()` });
        await insertEvent(tx, { orderId: row.id, actorId: null, action: 'cancel', fromStatus: 'pending', toStatus: 'cancelled', reason });
        await notifyAutoCancelled(tx, { id: row.id, storeId: row.store_id, vendorId: row.vendor_id, driverId: row.driver_id, storeName: row.store_name }, hours, channels);
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
