import { and, eq } from 'drizzle-orm';
import type { OrderStatus } from '@app/shared/order-status';
import type { Order, OrderDetail } from '@app/shared/schemas/orders';
import type { DbOrTx } from '../../db/database';
import type { Tenancy } from '../../auth/tenancy';
import { orders } from '../../db/tables/orders.table';
import { scopeCondition } from './order-scope';
import { loadDrivers, loadEvents, loadImages, loadLines, selectOrderHeaders, type LineRow, type OrderHeaderRow } from './orders-repository';
import { serializeEvent, serializeImage, serializeOrder } from './order-serializer';

/** Who sees an order's ETA (design.md section 19): its store or household, its vendor and admins, not drivers. */
export const seesEta = (tenancy: Tenancy): boolean => tenancy.kind === 'all' || tenancy.kind === 'vendor' || tenancy.kind === 'store' || tenancy.kind === 'household';

/** Once a household's pickup is over, its driver can no longer act on it: no more of the household's phone, address and pin (design.md section 21). */
const CLOSED: ReadonlySet<OrderStatus> = new Set(['completed', 'cancelled']);
export const seesContact = (tenancy: Tenancy, header: Pick<OrderHeaderRow, 'customerKind' | 'status'>): boolean =>
  !(tenancy.kind === 'driver' && header.customerKind === 'household' && CLOSED.has(header.status));

/** Orders as JSON for `tenancy`: their lines and drivers in two more queries (side by side on a pool), whatever the page size. */
export async function hydrateOrders(db: DbOrTx, headers: readonly OrderHeaderRow[], tenancy: Tenancy): Promise<Order[]> {
  const showEta = seesEta(tenancy);
  const [lines, drivers] = await Promise.all([
    loadLines(db, headers.map((h) => h.id)),
    loadDrivers(db, headers.flatMap((h) => (h.driverId === null ? [] : [h.driverId]))),
  ]);
  const linesByOrder = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = linesByOrder.get(line.orderId) ?? [];
    list.push(line);
    linesByOrder.set(line.orderId, list);
  }
  return headers.map((h) =>
    serializeOrder(h, linesByOrder.get(h.id) ?? [], h.driverId === null ? null : (drivers.get(h.driverId) ?? null), { showEta, showContact: seesContact(tenancy, h) }),
  );
}

/** One order with its history and photos, or null when it does not exist or the caller may not see it (404 alike). */
export async function getOrderDetail(db: DbOrTx, tenancy: Tenancy, orderId: number): Promise<OrderDetail | null> {
  const [header] = await selectOrderHeaders(db, and(eq(orders.id, orderId), scopeCondition(tenancy)), 1);
  if (!header) return null;
  const [order] = await hydrateOrders(db, [header], tenancy);
  const events = await loadEvents(db, orderId);
  const images = await loadImages(db, orderId);
  return { ...order!, events: events.map(serializeEvent), images: images.map(serializeImage) };
}
