import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { GeoPoint } from '@app/shared/geo';
import { orderingOf } from '@app/shared/schemas/list';
import { ORDER_DEFAULT_ORDERING, type Order, type OrderOrdering } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { afterCursor, decodeCursor, keysetPage } from '../../http/keyset';
import type { Page } from '../../http/paging';
import { countMatchingOrders } from './order-counts';
import { allOf, orderConditions, type OrderFilterValues } from './order-filters';
import { ORDER_SORT_KEYS } from './order-sort';
import { selectSortedOrderHeaders, type OrderHeaderRow } from './orders-repository';
import { hydrateOrders, seesEta } from './order-views';
import { selectNearestOrders } from './nearest-orders';

export interface ListOrdersQuery extends OrderFilterValues {
  limit: number;
  cursor?: string | undefined;
  ordering?: OrderOrdering | undefined;
  /** Orders by km from here to their store instead of `ordering` (design.md section 18). */
  near?: GeoPoint | undefined;
}

export type ListOrdersResult =
  | { kind: 'page'; orders: Order[]; total: number; estimated: boolean; nextCursor: string | null; etag: string }
  | { kind: 'not_modified'; etag: string };

/**
 * The page's validator: its orders' ids, statuses, update times and stores, the total and
 * the next cursor. Every transition and every photo moves `updated_at`, so a store polling
 * every 5 seconds gets 304 after two small queries and never loads a line. (http/paging.ts
 * hashes the finished body instead; that would load and serialize every line first.)
 */
function pageEtag(page: readonly OrderHeaderRow[], total: number, nextCursor: string | null): string {
  const hash = createHash('sha1').update(JSON.stringify([total, nextCursor, page])).digest('base64url');
  return `W/"${hash}"`;
}

/** If-None-Match holds this validator (weak comparison, RFC 9110 section 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** A page's order with its store; with `near`, its km too. */
type ListedHeader = OrderHeaderRow & { distanceKm?: number | null };

/** A page sorted by `ordering` (an index on (key, id) each, see order-sort.ts). */
async function sortedPage(db: DbOrTx, query: ListOrdersQuery, conditions: SQL[]): Promise<Page<ListedHeader>> {
  const ordering = orderingOf(query.ordering, ORDER_DEFAULT_ORDERING);
  const key = ORDER_SORT_KEYS[ordering.field];
  const after = afterCursor(key, orders.id, ordering, decodeCursor(ordering, query.cursor));
  const rows = await selectSortedOrderHeaders(db, allOf(after ? [...conditions, after] : conditions), query.limit + 1, key, ordering);
  return keysetPage(rows, query.limit, ordering, (h) => h.id);
}

/**
 * GET /orders: the caller's orders, filtered, sorted by `ordering` or, with `near`, by
 * distance (which takes its place), a keyset page (no OFFSET) after `cursor`.
 */
export async function listOrders(db: DbOrTx, auth: AuthContext, query: ListOrdersQuery, ifNoneMatch?: string): Promise<ListOrdersResult> {
  const tenancy = tenancyOf(auth);
  const conditions = orderConditions(tenancy, query);
  const { near } = query;
  const [{ items, nextCursor }, { total, estimated }] = await Promise.all([
    near ? selectNearestOrders(db, { near, limit: query.limit, cursor: query.cursor, tenancy, filters: query, conditions }) : sortedPage(db, query, conditions),
    countMatchingOrders(db, tenancy, query, allOf(conditions)),
  ]);
  // A driver's answer has no ETA, so its validator does not move with one either.
  const shown = seesEta(tenancy) ? items : items.map((h) => ({ ...h, eta: null }));
  const etag = pageEtag(shown, total, nextCursor);
  if (etagMatches(ifNoneMatch, etag)) return { kind: 'not_modified', etag };
  // hydrateOrders keeps the headers' order.
  const page = (await hydrateOrders(db, shown, tenancy)).map((order, i) => (near ? { ...order, distance_km: items[i]?.distanceKm ?? null } : order));
  return { kind: 'page', orders: page, total, estimated, nextCursor, etag };
}
