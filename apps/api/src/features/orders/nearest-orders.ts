import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, type GeoPoint } from '@app/shared/geo';
import type { Ordering } from '@app/shared/schemas/list';
import type { Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { decodeCursor, encodeCursor } from '../../http/keyset';
import { fieldError } from '../../http/http-error';
import type { Page } from '../../http/paging';
import type { OrderFilterValues } from './order-filters';
import { headerColumns, type OrderHeaderRow } from './orders-repository';

// GET /orders?near=LAT,LNG (design.md section 18, decision 068): the orders by the
// straight-line distance from there to their store, nearest first, then by id. The
// distance belongs to the store, not the order, so the stores are ranked first (a city
// has hundreds; their distances cost a millisecond) and each store's matching orders are
// then taken, in id order, through the orders' store indexes by a LATERAL join, as far
// as the page needs. The orders are never all measured or sorted, however many match.

/** A row of the page: an order with its km, null when its store has no pin. */
export type NearOrderHeaderRow = OrderHeaderRow & { distanceKm: number | null };

/**
 * The sort key of a store: km to its pin rounded to 2 decimals (the `distance_km` shown,
 * so equal distances tie on id as the client sees them), Infinity without a pin (last).
 * Haversine on the radius of @app/shared/geo's distanceKm, so the two agree.
 */
function distanceKey(point: GeoPoint): SQL<number> {
  const lat = sql`${point.lat}::float8`;
  const lng = sql`${point.lng}::float8`;
  const h = sql`power(sin(radians(${stores.locationLat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${stores.locationLat})) * power(sin(radians(${stores.locationLng} - ${lng}) / 2), 2)`;
  const km = sql`2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(${h})))`;
  return sql<number>`case when ${stores.locationLat} is null or ${stores.locationLng} is null then 'Infinity'::float8 else round((${km})::numeric, 2)::float8 end`;
}

/** The cursor names the point, so a page of one position never continues a list measured from another. */
const nearOrdering = (point: GeoPoint): Ordering => ({ field: `near:${point.lat},${point.lng}`, descending: false });
const KEY_TEXT = /^(Infinity|\d{1,6}(\.\d{1,2})?)$/;

function decodeNearCursor(point: GeoPoint, cursor: string | undefined): { key: number; id: number } | null {
  const decoded = decodeCursor(nearOrdering(point), cursor);
  if (!decoded) return null;
  if (!KEY_TEXT.test(decoded.key)) throw fieldError('cursor', 'Use the cursor of the previous page\'s Link header (with the same near)');
  return { key: Number(decoded.key), id: decoded.id };
}

/**
 * Stores that can hold a matching order, narrowed where the filters name them: an order's
 * city is its store's (create-order.ts copies it; a store never moves).
 */
function candidateStores(tenancy: Tenancy, filters: OrderFilterValues): SQL[] {
  const where: SQL[] = [];
  if (tenancy.kind === 'store' || tenancy.kind === 'household') where.push(eq(stores.id, tenancy.storeId));
  if (filters.store_id !== undefined) where.push(eq(stores.id, filters.store_id));
  if (filters.city_id !== undefined) where.push(eq(stores.cityId, filters.city_id));
  return where;
}

export interface NearPageInput {
  near: GeoPoint;
  limit: number;
  cursor?: string | undefined;
  tenancy: Tenancy;
  filters: OrderFilterValues;
  /** The caller's scope and the filters on orders (orderConditions). */
  conditions: readonly SQL[];
}

/** The ids and sort keys of the page's orders, and one more when there is a next page. */
function nearestOrderKeys(db: DbOrTx, input: NearPageInput, after: { key: number; id: number } | null) {
  const key = distanceKey(input.near);
  // Stores in key order; a store nearer than the cursor's has nothing left for this page.
  const ranked = db
    .select({ storeId: stores.id, key: sql<number>`${key}`.as('distance_key') })
    .from(stores)
    .where(and(...candidateStores(input.tenancy, input.filters), after ? sql`${key} >= ${after.key}::float8` : undefined))
    .orderBy(asc(key), asc(stores.id))
    .as('ranked');
  // A store's orders in id order, no more than a page of them; at the cursor's own distance,
  // those past its id (ids start at 1: "> 0" is every order, and the index seeks either way).
  const taken = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, ranked.storeId), ...input.conditions, after ? sql`${orders.id} > (case when ${ranked.key} = ${after.key}::float8 then ${after.id}::bigint else 0 end)` : undefined))
    .orderBy(asc(orders.id))
    .limit(input.limit + 1)
    .as('taken');
  // Nested loops keep the stores' order, so the sort on (key, id) is incremental: it stops with the page.
  return db
    .select({ id: taken.id, key: ranked.key })
    .from(ranked)
    .crossJoinLateral(taken)
    .orderBy(asc(ranked.key), asc(taken.id))
    .limit(input.limit + 1);
}

/** One page of the orders matching `conditions`, nearest store first, then by id; keyset on (km, id). */
export async function selectNearestOrders(db: DbOrTx, input: NearPageInput): Promise<Page<NearOrderHeaderRow>> {
  const keys = nearestOrderKeys(db, input, decodeNearCursor(input.near, input.cursor)).as('nearest');
  // The page's orders with their stores in the same round trip: a page and one, by primary key.
  const rows = await db
    .select({ ...headerColumns, distanceKey: keys.key })
    .from(keys)
    .innerJoin(orders, eq(orders.id, keys.id))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .orderBy(asc(keys.key), asc(keys.id));
  const items = rows.slice(0, input.limit).map(({ distanceKey, ...header }): NearOrderHeaderRow => {
    const km = Number(distanceKey);
    return { ...header, distanceKm: Number.isFinite(km) ? km : null };
  });
  const last = items[items.length - 1];
  const nextCursor = rows.length > input.limit && last ? encodeCursor(nearOrdering(input.near), String(last.distanceKm ?? Infinity), last.id) : null;
  return { items, nextCursor };
}
