import { asc, sql } from 'drizzle-orm';
import type { OrderStatus } from '@app/shared/order-status';
import type { Database } from '../src/db/database';
import { materials } from '../src/db/tables/materials.table';
import { orderLines, orders } from '../src/db/tables/orders.table';
import { orderTotals, priceLine, type PricedLine } from '../src/features/orders/pricing';

/** The mix of a working business: most orders done, a few in each step of the day. */
const STATUS_MIX: Array<[OrderStatus, number]> = [
  ['completed', 70],
  ['cancelled', 8],
  ['pending', 5],
  ['accepted', 3],
  ['moving', 3],
  ['arrived', 2],
  ['waiting_store', 3],
  ['waiting_admin', 2],
  ['waiting_driver', 2],
  ['issue', 2],
];

function statusFor(i: number): OrderStatus {
  // A multiplicative hash: repeatable, and independent of which store (i % stores) gets the order.
  let k = (Math.imul(i + 1, 2654435761) >>> 0) % 100;
  for (const [status, share] of STATUS_MIX) {
    if (k < share) return status;
    k -= share;
  }
  return 'completed';
}

/**
 * `total` orders, two weighed lines each, spread round-robin over `stores` and over the
 * last year (oldest first, so ids grow with time), written in batches.
 */
export async function seedBenchOrders(
  db: Database,
  { total, stores, driverId }: { total: number; stores: Array<{ storeId: number; vendorId: number; cityId: number }>; driverId: number },
): Promise<void> {
  const materialRows = await db.select().from(materials).orderBy(asc(materials.id));
  const batch = 1000;
  const start = Date.now() - 365 * 86_400_000;
  for (let from = 0; from < total; from += batch) {
    const rows = [];
    const lineSpecs: Array<Array<PricedLine & { materialId: number; position: number }>> = [];
    for (let i = from; i < Math.min(total, from + batch); i++) {
      const store = stores[i % stores.length]!;
      const status = statusFor(i);
      const picked = [materialRows[i % materialRows.length]!, materialRows[(i + 5) % materialRows.length]!];
      const weighed = status !== 'pending' && status !== 'accepted' && status !== 'moving' && status !== 'cancelled';
      const lines = picked.map((m, j) =>
        priceLine({ vendorRatePaise: m.vendorRatePaise, driverRatePaise: m.driverRatePaise }, weighed ? 1000 + ((i * 7919 + j * 104_729) % 250_000) : null),
      );
      const at = new Date(start + Math.floor(((i + 1) / total) * 365 * 86_400_000));
      rows.push({
        storeId: store.storeId,
        vendorId: store.vendorId,
        cityId: store.cityId,
        driverId: status === 'pending' ? null : driverId,
        status,
        ...orderTotals(lines),
        createdAt: at,
        updatedAt: at,
        completedAt: status === 'completed' ? at : null,
      });
      lineSpecs.push(lines.map((l, j) => ({ ...l, materialId: picked[j]!.id, position: j })));
    }
    const inserted = await db.insert(orders).values(rows).returning({ id: orders.id });
    await db.insert(orderLines).values(
      inserted.flatMap((o, k) =>
        lineSpecs[k]!.map((l) => ({
          orderId: o.id,
          materialId: l.materialId,
          weightGrams: l.weightGrams,
          vendorRatePaise: l.vendorRatePaise,
          driverRatePaise: l.driverRatePaise,
          amountPaise: l.amountPaise,
          driverAmountPaise: l.driverAmountPaise,
          position: l.position,
        })),
      ),
    );
  }
  // Statistics for the planner after a bulk load, as autovacuum would do a little later.
  await db.execute(sql`analyze orders, order_lines`);
}
