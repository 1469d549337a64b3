import { and, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StoreDetail, storeListQuerySchema, STORE_ORDERING_FIELDS } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { orders } from '../../db/tables/orders.table';
import { staff, stores, vendors } from '../../db/tables/partners.table';
import type { Tenancy } from '../../auth/tenancy';
import type { Page } from '../../http/paging';
import { keysetPageByLookup, keysetPlan, type SortKey } from '../../http/keyset';
import { orderingOf } from '@app/shared/schemas/list';
import { containsPattern } from '../../http/search-pattern';
import { cityColumns, citySummary } from './city-summary';
import { memberApprovalIs, memberMatches } from './member-filters';
import { partnerMembers } from './partner-members';

export type StoreFilters = z.output<typeof storeListQuerySchema>;

/** The stores a caller may see: an admin all, a vendor its own, a store itself. */
export function visibleStores(tenancy: Tenancy): SQL | undefined {
  switch (tenancy.kind) {
    case 'all':
      return undefined;
    case 'vendor':
      return eq(stores.vendorId, tenancy.vendorId);
    case 'store':
      return eq(stores.id, tenancy.storeId);
    default:
      return sql`false`;
  }
}

const storeColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  phone: stores.phone,
  createdAt: stores.createdAt,
  vendorId: vendors.id,
  vendorCompanyName: vendors.companyName,
  ...cityColumns,
  orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.storeId} = ${stores.id})`,
  staffCount: sql<number>`(select count(*)::int from ${staff} where ${staff.storeId} = ${stores.id})`,
};

function selectStores(db: DbOrTx) {
  return db
    .select(storeColumns)
    .from(stores)
    .innerJoin(cities, eq(cities.id, stores.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .leftJoin(vendors, eq(vendors.id, stores.vendorId));
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof selectStores>['execute']>>[number];

async function toStores(db: DbOrTx, rows: StoreRow[]): Promise<StoreDetail[]> {
  const accounts = await partnerMembers(db, 'store', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    city: citySummary(row),
    address: row.address,
    phone: row.phone,
    vendor: row.vendorId !== null && row.vendorCompanyName !== null ? { id: row.vendorId, company_name: row.vendorCompanyName } : null,
    member: accounts.get(row.id) ?? null,
    order_count: Number(row.orderCount),
    staff_count: Number(row.staffCount),
    created_at: row.createdAt.toISOString(),
  }));
}

function filterStores(filters: StoreFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.vendor_id !== undefined) conditions.push(eq(stores.vendorId, filters.vendor_id));
  if (filters.city_id !== undefined) conditions.push(eq(stores.cityId, filters.city_id));
  if (filters.unassigned !== undefined) conditions.push(filters.unassigned ? isNull(stores.vendorId) : isNotNull(stores.vendorId));
  if (filters.approval_status !== undefined) conditions.push(memberApprovalIs('store', stores.id, filters.approval_status));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(ilike(stores.name, pattern), ilike(stores.address, pattern), ilike(stores.phone, pattern), memberMatches('store', stores.id, pattern)),
    );
  }
  return and(...conditions);
}

/** What each `ordering` sorts by (design.md section 13). */
const STORES_SORT_KEYS: Record<(typeof STORE_ORDERING_FIELDS)[number], SortKey> = {
  created_at: { expr: stores.createdAt, type: 'timestamptz' },
  name: { expr: stores.name, type: 'text' },
};

export async function listStores(db: DbOrTx, tenancy: Tenancy, filters: StoreFilters): Promise<Page<StoreDetail> & { total: number }> {
  const where = and(visibleStores(tenancy), filterStores(filters));
  const ordering = orderingOf<(typeof STORE_ORDERING_FIELDS)[number]>(filters.ordering, '-created_at');
  const key = STORES_SORT_KEYS[ordering.field];
  const plan = keysetPlan(key, stores.id, ordering, filters.cursor);
  const [rows, [count]] = await Promise.all([
    selectStores(db)
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(filters.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(stores).where(where),
  ]);
  const page = await keysetPageByLookup(db, rows, filters.limit, ordering, key, stores, stores.id, (r) => r.id);
  return { items: await toStores(db, page.items), nextCursor: page.nextCursor, total: Number(count?.n ?? 0) };
}

/** The store, or null when it does not exist or the caller may not see it. */
export async function findStore(db: DbOrTx, tenancy: Tenancy, id: number): Promise<StoreDetail | null> {
  const rows = await selectStores(db).where(and(eq(stores.id, id), visibleStores(tenancy))).limit(1);
  const [store] = await toStores(db, rows);
  return store ?? null;
}

export interface StoreChanges {
  name?: string | undefined;
  address?: string | undefined;
  phone?: string | null | undefined;
}

/** Updates a visible store; false when there is none to update. */
export async function updateStoreInfo(db: DbOrTx, tenancy: Tenancy, id: number, changes: StoreChanges): Promise<boolean> {
  const rows = await db
    .update(stores)
    .set({ name: changes.name, address: changes.address, phone: changes.phone })
    .where(and(eq(stores.id, id), visibleStores(tenancy)))
    .returning({ id: stores.id });
  return rows.length > 0;
}
