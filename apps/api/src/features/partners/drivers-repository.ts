import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '@app/shared/money';
import type { Driver, driverListQuerySchema, DRIVER_ORDERING_FIELDS } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { orders } from '../../db/tables/orders.table';
import { drivers } from '../../db/tables/partners.table';
import { wallets } from '../../db/tables/wallets.table';
import type { Tenancy } from '../../auth/tenancy';
import type { Page } from '../../http/paging';
import { keysetPageByLookup, keysetPlan, type SortKey } from '../../http/keyset';
import { orderingOf } from '@app/shared/schemas/list';
import { containsPattern } from '../../http/search-pattern';
import { cityColumns, citySummary } from './city-summary';
import { memberApprovalIs, memberMatches } from './member-filters';
import { partnerMembers } from './partner-members';

export type DriverFilters = z.output<typeof driverListQuerySchema>;

/** The drivers a caller may see: an admin all, a driver itself. */
function visibleDrivers(tenancy: Tenancy): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  if (tenancy.kind === 'driver') return eq(drivers.id, tenancy.driverId);
  return sql`false`;
}

const driverColumns = {
  id: drivers.id,
  vehicleNumber: drivers.vehicleNumber,
  phone: drivers.phone,
  createdAt: drivers.createdAt,
  ...cityColumns,
  activeOrderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.driverId} = ${drivers.id} and ${orders.status} not in ('completed', 'cancelled'))`,
  completedOrderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.driverId} = ${drivers.id} and ${orders.status} = 'completed')`,
  // Text: bigint paise must not pass through a driver's float parsing.
  earningsPaise: sql<string>`coalesce((select ${wallets.balancePaise} from ${wallets} where ${wallets.ownerType} = 'driver' and ${wallets.ownerId} = ${drivers.id}), 0)::text`,
};

function selectDrivers(db: DbOrTx) {
  return db
    .select(driverColumns)
    .from(drivers)
    .innerJoin(cities, eq(cities.id, drivers.cityId))
    .innerJoin(states, eq(states.id, cities.stateId));
}

type DriverRow = Awaited<ReturnType<ReturnType<typeof selectDrivers>['execute']>>[number];

async function toDrivers(db: DbOrTx, rows: DriverRow[]): Promise<Driver[]> {
  const accounts = await partnerMembers(db, 'driver', rows.map((r) => r.id));
  return rows.map((row) => ({
    id: row.id,
    city: citySummary(row),
    vehicle_number: row.vehicleNumber,
    phone: row.phone,
    member: accounts.get(row.id) ?? null,
    active_order_count: Number(row.activeOrderCount),
    completed_order_count: Number(row.completedOrderCount),
    earnings_balance: paiseToRupees(Number(row.earningsPaise)),
    created_at: row.createdAt.toISOString(),
  }));
}

function filterDrivers(filters: DriverFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.city_id !== undefined) conditions.push(eq(drivers.cityId, filters.city_id));
  if (filters.approval_status !== undefined) conditions.push(memberApprovalIs('driver', drivers.id, filters.approval_status));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(drivers.vehicleNumber, pattern), ilike(drivers.phone, pattern), memberMatches('driver', drivers.id, pattern)));
  }
  return and(...conditions);
}

/** What each `ordering` sorts by (design.md section 13). */
const DRIVERS_SORT_KEYS: Record<(typeof DRIVER_ORDERING_FIELDS)[number], SortKey> = {
  created_at: { expr: drivers.createdAt, type: 'timestamptz' },
  vehicle_number: { expr: drivers.vehicleNumber, type: 'text' },
};

export async function listDrivers(db: DbOrTx, tenancy: Tenancy, filters: DriverFilters): Promise<Page<Driver> & { total: number }> {
  const where = and(visibleDrivers(tenancy), filterDrivers(filters));
  const ordering = orderingOf<(typeof DRIVER_ORDERING_FIELDS)[number]>(filters.ordering, '-created_at');
  const key = DRIVERS_SORT_KEYS[ordering.field];
  const plan = keysetPlan(key, drivers.id, ordering, filters.cursor);
  const [rows, [count]] = await Promise.all([
    selectDrivers(db)
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(filters.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(drivers).where(where),
  ]);
  const page = await keysetPageByLookup(db, rows, filters.limit, ordering, key, drivers, drivers.id, (r) => r.id);
  return { items: await toDrivers(db, page.items), nextCursor: page.nextCursor, total: Number(count?.n ?? 0) };
}

/** The driver, or null when it does not exist or the caller may not see it. */
export async function findDriver(db: DbOrTx, tenancy: Tenancy, id: number): Promise<Driver | null> {
  const rows = await selectDrivers(db).where(and(eq(drivers.id, id), visibleDrivers(tenancy))).limit(1);
  const [driver] = await toDrivers(db, rows);
  return driver ?? null;
}

export interface DriverChanges {
  vehicleNumber?: string | undefined;
  phone?: string | null | undefined;
  cityId?: number | undefined;
}

/** Updates a visible driver; false when there is none to update. */
export async function updateDriver(db: DbOrTx, tenancy: Tenancy, id: number, changes: DriverChanges): Promise<boolean> {
  const rows = await db
    .update(drivers)
    .set({ vehicleNumber: changes.vehicleNumber, phone: changes.phone, cityId: changes.cityId })
    .where(and(eq(drivers.id, id), visibleDrivers(tenancy)))
    .returning({ id: drivers.id });
  return rows.length > 0;
}
