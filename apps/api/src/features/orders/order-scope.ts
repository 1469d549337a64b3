import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import type { ActorRelation, OrderAction } from '@app/shared/order-machine';
import type { OrderStatus } from '@app/shared/order-status';
import type { AuthContext } from '../../auth/auth-context';
import type { Tenancy } from '../../auth/tenancy';
import { orders } from '../../db/tables/orders.table';
import { notFound } from '../../http/http-error';

/** Absent and not the caller's look the same (design.md section 4). */
export const orderNotFound = (orderId: number) => notFound(`Order ${formatOrderNumber(orderId)} was not found`);

/** The columns that decide who may see an order and act on it. */
export interface ScopedOrder {
  storeId: number;
  /** Null for a household's pickup. */
  vendorId: number | null;
  cityId: number;
  driverId: number | null;
  status: OrderStatus;
}

/** design.md section 6 as a WHERE clause; undefined: no restriction (admin). */
export function scopeCondition(tenancy: Tenancy): SQL | undefined {
  switch (tenancy.kind) {
    case 'all':
      return undefined;
    case 'vendor':
      return eq(orders.vendorId, tenancy.vendorId);
    case 'store':
    case 'household':
      return eq(orders.storeId, tenancy.storeId);
    case 'driver':
      // Pickups to take in its city, and whatever it has taken.
      return or(and(eq(orders.status, 'pending'), eq(orders.cityId, tenancy.cityId)), eq(orders.driverId, tenancy.driverId));
    case 'none':
      return sql`false`;
  }
}

/** The same rule for one order already loaded (a locked row, say). Outside it, the answer is 404. */
export function canSeeOrder(tenancy: Tenancy, order: ScopedOrder): boolean {
  switch (tenancy.kind) {
    case 'all':
      return true;
    case 'vendor':
      return order.vendorId === tenancy.vendorId;
    case 'store':
    case 'household':
      return order.storeId === tenancy.storeId;
    case 'driver':
      return (order.status === 'pending' && order.cityId === tenancy.cityId) || order.driverId === tenancy.driverId;
    case 'none':
      return false;
  }
}

/**
 * Who may act on an order: who may see it, and also any driver of its city trying to
 * accept it. A pickup another driver took first is then a 409 ("no longer pending"), the
 * answer design.md section 7 gives the loser of a race, rather than a puzzling 404.
 */
export function canActOnOrder(tenancy: Tenancy, order: ScopedOrder, action: OrderAction): boolean {
  if (action === 'accepted' && tenancy.kind === 'driver' && order.cityId === tenancy.cityId) return true;
  return canSeeOrder(tenancy, order);
}

/** The "who" column of the transition table, beyond the role. */
export function relationHolds(relation: ActorRelation, auth: AuthContext, order: ScopedOrder): boolean {
  switch (relation) {
    case 'any_admin':
      return auth.role === 'admin';
    case 'own_store':
      // A household acts on its own pickups as a store on its own: the order's store is its home.
      return (auth.role === 'store' || auth.role === 'household') && auth.storeId !== null && auth.storeId === order.storeId;
    case 'own_driver':
      return auth.role === 'driver' && auth.driverId !== null && auth.driverId === order.driverId;
    case 'city_driver':
      return auth.role === 'driver' && auth.driverId !== null && auth.cityId === order.cityId;
  }
}
