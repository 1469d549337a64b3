import { count } from 'drizzle-orm';
import { ORDER_STATUSES } from '@app/shared/order-status';
import type { OrderCounts } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { allOf, orderConditions, type OrderFilterValues } from './order-filters';

/** GET /orders/counts: how many of the caller's orders are in each status (the admin's tabs). */
export async function orderCounts(db: DbOrTx, auth: AuthContext, filters: Omit<OrderFilterValues, 'status'>): Promise<OrderCounts> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(allOf(orderConditions(tenancyOf(auth), filters)))
    .groupBy(orders.status);
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as OrderCounts;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
