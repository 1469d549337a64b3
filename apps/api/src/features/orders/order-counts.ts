import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { EXACT_COUNT_LIMIT } from '@app/shared/schemas/list';
import type { OrderCounts } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orderStatusCounts } from '../../db/tables/order-rollups.table';
import { orders } from '../../db/tables/orders.table';
import { allOf, customerKindByVendor, orderConditions, type OrderFilterValues } from './order-filters';
import { countOrdersUpTo, estimateOrders } from './orders-repository';

// Counts that stay cheap at a million orders (design.md section 13). The counts kept per
// store and status (migration 0005's trigger) answer exactly whenever the filters are only
// status, store, vendor and city; anything else counts rows, exactly up to
// EXACT_COUNT_LIMIT, and above it takes the planner's estimate.

/** The WHERE clause on order_status_counts equal to these filters, or null when the kept counts cannot answer them. */
function keptCountsWhere(tenancy: Tenancy, filters: OrderFilterValues): SQL[] | null {
  if (filters.search || filters.driver_id !== undefined || filters.created_at__gt || filters.created_at__lt || filters.pickup_date) return null;
  const c = orderStatusCounts;
  const where: SQL[] = [];
  if (tenancy.kind === 'vendor') where.push(eq(c.vendorId, tenancy.vendorId));
  else if (tenancy.kind === 'store' || tenancy.kind === 'household') where.push(eq(c.storeId, tenancy.storeId));
  // A driver's pickups to take (its board): a pending order has no driver yet (only
  // accepting one gives it a driver, and no step leads back to pending), so they are its
  // city's pending orders.
  else if (tenancy.kind === 'driver' && filters.status?.length && filters.status.every((s) => s === 'pending')) where.push(eq(c.cityId, tenancy.cityId));
  else if (tenancy.kind !== 'all') return null;
  if (filters.status && filters.status.length > 0) where.push(inArray(c.status, filters.status));
  if (filters.store_id !== undefined) where.push(eq(c.storeId, filters.store_id));
  if (filters.vendor_id !== undefined) where.push(eq(c.vendorId, filters.vendor_id));
  if (filters.city_id !== undefined) where.push(eq(c.cityId, filters.city_id));
  const customer = customerKindByVendor(c.vendorId, filters.customer_kind);
  if (customer) where.push(customer);
  return where;
}

export interface OrderTotal {
  total: number;
  /** True when `total` is the planner's estimate (more than EXACT_COUNT_LIMIT matched). */
  estimated: boolean;
}

/** X-Total-Count of GET /orders and the export. `where` is the same filters as SQL on orders. */
export async function countMatchingOrders(db: DbOrTx, tenancy: Tenancy, filters: OrderFilterValues, where: SQL | undefined): Promise<OrderTotal> {
  const kept = keptCountsWhere(tenancy, filters);
  if (kept) {
    const [row] = await db.select({ n: sql<number>`coalesce(sum(${orderStatusCounts.orderCount}), 0)`.mapWith(Number) }).from(orderStatusCounts).where(and(...kept));
    return { total: row?.n ?? 0, estimated: false };
  }
  const exact = await countOrdersUpTo(db, where, EXACT_COUNT_LIMIT + 1);
  if (exact <= EXACT_COUNT_LIMIT) return { total: exact, estimated: false };
  // Never below what was just counted: the header promises "more than the limit".
  return { total: Math.max(await estimateOrders(db, where), exact), estimated: true };
}

/** GET /orders/counts: how many of the caller's orders are in each status (the admin's tabs), exact. */
export async function orderCounts(db: DbOrTx, auth: AuthContext, filters: Omit<OrderFilterValues, 'status'>): Promise<OrderCounts> {
  const tenancy = tenancyOf(auth);
  const kept = keptCountsWhere(tenancy, filters);
  const rows = kept
    ? await db
        .select({ status: orderStatusCounts.status, n: sql<number>`sum(${orderStatusCounts.orderCount})`.mapWith(Number) })
        .from(orderStatusCounts)
        .where(and(...kept))
        .groupBy(orderStatusCounts.status)
    : await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(allOf(orderConditions(tenancy, filters)))
        .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderCounts;
  for (const row of rows) {
    if (row.status in counts) counts[row.status as keyof OrderCounts] = row.n;
  }
  return counts;
}
