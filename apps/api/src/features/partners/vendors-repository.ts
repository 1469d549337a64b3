import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { paiseToRupees } from '@app/shared/money';
import type { z } from 'zod';
import type { Vendor, vendorListQuerySchema, VENDOR_ORDERING_FIELDS } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { orders } from '../../db/tables/orders.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { wallets } from '../../db/tables/wallets.table';
import type { Tenancy } from '../../auth/tenancy';
import type { Page } from '../../http/paging';
import { keysetPageByLookup, keysetPlan, type SortKey } from '../../http/keyset';
import { orderingOf } from '@app/shared/schemas/list';
import { containsPattern } from '../../http/search-pattern';
import { cityColumns, citySummary } from './city-summary';
import { memberApprovalIs, memberMatches } from './member-filters';
import { partnerMembers } from './partner-members';

export type VendorFilters = z.output<typeof vendorListQuerySchema>;

/** The vendors a caller may see: an admin all, a vendor itself, nobody else any. */
function visibleVendors(tenancy: Tenancy): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  if (tenancy.kind === 'vendor') return eq(vendors.id, tenancy.vendorId);
  return sql`false`;
}

const vendorColumns = {
  id: vendors.id,
  companyName: vendors.companyName,
  address: vendors.address,
  phone: vendors.phone,
  gstin: vendors.gstin,
  requestedGstin: vendors.requestedGstin,
  gstinRequestedAt: vendors.gstinRequestedAt,
  createdAt: vendors.createdAt,
  ...cityColumns,
  storeCount: sql<number>`(select count(*)::int from ${stores} where ${stores.vendorId} = ${vendors.id})`,
  orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.vendorId} = ${vendors.id})`,
  // Text: bigint paise must not pass through a driver's float parsing.
  walletPaise: sql<string>`coalesce((select ${wallets.balancePaise} from ${wallets} where ${wallets.ownerType} = 'vendor' and ${wallets.ownerId} = ${vendors.id}), 0)::text`,
};

function selectVendors(db: DbOrTx) {
  return db
    .select(vendorColumns)
    .from(vendors)
    .innerJoin(cities, eq(cities.id, vendors.cityId))
    .innerJoin(states, eq(states.id, cities.stateId));
}

type VendorRow = Awaited<ReturnType<ReturnType<typeof selectVendors>['execute']>>[number];

async function toVendors(db: DbOrTx, rows: VendorRow[]): Promise<Vendor[]> {
  const accounts = await partnerMembers(db, 'vendor', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    company_name: row.companyName,
    city: citySummary(row),
    address: row.address,
    phone: row.phone,
    gstin: row.gstin,
    requested_gstin: row.gstinRequestedAt ? row.requestedGstin : null,
    gstin_requested_at: row.gstinRequestedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    member: accounts.get(row.id) ?? null,
    store_count: Number(row.storeCount),
    order_count: Number(row.orderCount),
    wallet_balance: paiseToRupees(Number(row.walletPaise)),
  }));
}

function filterVendors(filters: VendorFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.city_id !== undefined) conditions.push(eq(vendors.cityId, filters.city_id));
  if (filters.approval_status !== undefined) conditions.push(memberApprovalIs('vendor', vendors.id, filters.approval_status));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(vendors.companyName, pattern), ilike(vendors.phone, pattern), memberMatches('vendor', vendors.id, pattern)));
  }
  return and(...conditions);
}

/** What each `ordering` sorts by (design.md section 13). */
const VENDORS_SORT_KEYS: Record<(typeof VENDOR_ORDERING_FIELDS)[number], SortKey> = {
  created_at: { expr: vendors.createdAt, type: 'timestamptz' },
  company_name: { expr: vendors.companyName, type: 'text' },
};

export async function listVendors(db: DbOrTx, tenancy: Tenancy, filters: VendorFilters): Promise<Page<Vendor> & { total: number }> {
  const where = and(visibleVendors(tenancy), filterVendors(filters));
  const ordering = orderingOf<(typeof VENDOR_ORDERING_FIELDS)[number]>(filters.ordering, '-created_at');
  const key = VENDORS_SORT_KEYS[ordering.field];
  const plan = keysetPlan(key, vendors.id, ordering, filters.cursor);
  const [rows, [count]] = await Promise.all([
    selectVendors(db)
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(filters.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(vendors).where(where),
  ]);
  const page = await keysetPageByLookup(db, rows, filters.limit, ordering, key, vendors, vendors.id, (r) => r.id);
  return { items: await toVendors(db, page.items), nextCursor: page.nextCursor, total: Number(count?.n ?? 0) };
}

/** The vendor, or null when it does not exist or the caller may not see it. */
export async function findVendor(db: DbOrTx, tenancy: Tenancy, id: number): Promise<Vendor | null> {
  const rows = await selectVendors(db).where(and(eq(vendors.id, id), visibleVendors(tenancy))).limit(1);
  const [vendor] = await toVendors(db, rows);
  return vendor ?? null;
}

export interface VendorChanges {
  companyName?: string | undefined;
  address?: string | undefined;
  phone?: string | null | undefined;
  gstin?: string | null | undefined;
  /** The vendor's own GSTIN change waiting for an admin; both null when none waits. */
  requestedGstin?: string | null | undefined;
  gstinRequestedAt?: Date | null | undefined;
}

/** Updates a visible vendor; false when there is none to update. */
export async function updateVendor(db: DbOrTx, tenancy: Tenancy, id: number, changes: VendorChanges): Promise<boolean> {
  const rows = await db
    .update(vendors)
    .set({
      companyName: changes.companyName,
      address: changes.address,
      phone: changes.phone,
      gstin: changes.gstin,
      requestedGstin: changes.requestedGstin,
      gstinRequestedAt: changes.gstinRequestedAt,
    })
    .where(and(eq(vendors.id, id), visibleVendors(tenancy)))
    .returning({ id: vendors.id });
  return rows.length > 0;
}

export interface VendorGstinState {
  id: number;
  companyName: string;
  gstin: string | null;
  requestedGstin: string | null;
  gstinRequestedAt: Date | null;
}

/**
 * A visible vendor's GSTIN and pending request, its row locked until the transaction ends,
 * so a request and a decision on it never cross; null when the caller may not see it.
 */
export async function lockVendorGstin(tx: DbOrTx, tenancy: Tenancy, id: number): Promise<VendorGstinState | null> {
  const [row] = await tx
    .select({ id: vendors.id, companyName: vendors.companyName, gstin: vendors.gstin, requestedGstin: vendors.requestedGstin, gstinRequestedAt: vendors.gstinRequestedAt })
    .from(vendors)
    .where(and(eq(vendors.id, id), visibleVendors(tenancy)))
    .for('update');
  return row ?? null;
}
