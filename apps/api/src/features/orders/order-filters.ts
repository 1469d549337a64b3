import { and, eq, gt, inArray, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { CustomerKind } from '@app/shared/constants';
import { parseOrderNumber } from '@app/shared/format';
import type { OrderStatus } from '@app/shared/order-status';
import type { Tenancy } from '../../auth/tenancy';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { scopeCondition } from './order-scope';

/** The filters of GET /orders, as orderFiltersSchema leaves them. */
export interface OrderFilterValues {
  status?: OrderStatus[] | undefined;
  store_id?: number | undefined;
  vendor_id?: number | undefined;
  driver_id?: number | undefined;
  city_id?: number | undefined;
  /** A store's pickups or a household's (design.md section 21). */
  customer_kind?: CustomerKind | undefined;
  created_at__gt?: string | undefined;
  created_at__lt?: string | undefined;
  search?: string | undefined;
  /** YYYY-MM-DD: orders whose pickup slot is on that India-time day. */
  pickup_date?: string | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * "#00000042" finds order 42 alone, through the primary key. "42" finds order 42 and the
 * stores whose name holds "42"; any other text only those stores, any case. The stores are
 * looked up first (`= any(array(...))`), so the orders come through their store index
 * rather than a scan joining every order to its store.
 */
function searchCondition(text: string): SQL {
  const id = parseOrderNumber(text);
  const validId = id !== null && Number.isSafeInteger(id);
  if (validId && text.trim().startsWith('#')) return eq(orders.id, id);
  const byStoreName = sql`${orders.storeId} = any(array(select ${stores.id} from ${stores} where ${stores.name} ilike ${`%${escapeLike(text)}%`}))`;
  return validId ? (or(eq(orders.id, id), byStoreName) as SQL) : byStoreName;
}

/**
 * Slots that begin on that India-time day: a range on the start, served by
 * orders_pickup_slot_idx (India has no daylight saving, so the day is 24 hours).
 */
function pickupDateCondition(day: string): SQL {
  const start = `${day}T00:00:00+05:30`;
  return sql`${orders.pickupSlotStart} >= ${start}::timestamptz and ${orders.pickupSlotStart} < ${start}::timestamptz + interval '1 day'`;
}

/** The caller's scope first, then every filter given: what the list, the counts, the charts and the export all share. */
export function orderConditions(tenancy: Tenancy, filters: OrderFilterValues): SQL[] {
  const conditions: SQL[] = [];
  const scope = scopeCondition(tenancy);
  if (scope) conditions.push(scope);
  if (filters.status && filters.status.length > 0) conditions.push(inArray(orders.status, filters.status));
  if (filters.store_id !== undefined) conditions.push(eq(orders.storeId, filters.store_id));
  if (filters.vendor_id !== undefined) conditions.push(eq(orders.vendorId, filters.vendor_id));
  if (filters.driver_id !== undefined) conditions.push(eq(orders.driverId, filters.driver_id));
  if (filters.city_id !== undefined) conditions.push(eq(orders.cityId, filters.city_id));
  if (filters.customer_kind !== undefined) conditions.push(eq(orders.customerKind, filters.customer_kind));
  if (filters.created_at__gt) conditions.push(gt(orders.createdAt, new Date(filters.created_at__gt)));
  if (filters.created_at__lt) conditions.push(lt(orders.createdAt, new Date(filters.created_at__lt)));
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.pickup_date) conditions.push(pickupDateCondition(filters.pickup_date));
  return conditions;
}

export const allOf = (conditions: readonly SQL[]): SQL | undefined => (conditions.length > 0 ? and(...conditions) : undefined);

/**
 * The kept counts and rollups key a household's pickup under vendor 0 (migration 0023): the
 * customer kind as a condition on their vendor column.
 */
export function customerKindByVendor(vendorColumn: AnyColumn, kind: CustomerKind | undefined): SQL | undefined {
  if (kind === undefined) return undefined;
  return kind === 'household' ? eq(vendorColumn, HOUSEHOLDS_VENDOR_KEY) : ne(vendorColumn, HOUSEHOLDS_VENDOR_KEY);
}
/** The vendor key of the households' bucket in the kept counts and rollups. */
const HOUSEHOLDS_VENDOR_KEY = 0;
