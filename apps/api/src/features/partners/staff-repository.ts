import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Staff, staffListQuerySchema } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { staff, stores } from '../../db/tables/partners.table';
import type { Tenancy } from '../../auth/tenancy';
import { cursorId, pageOf, type Page } from '../../http/paging';
import { containsPattern } from '../../http/search-pattern';

export type StaffFilters = z.output<typeof staffListQuerySchema>;

/**
 * The staff a caller may see, for queries that join the staff's store: an admin all, a
 * vendor its stores' staff, a store its own.
 */
function visibleStaff(tenancy: Tenancy): SQL | undefined {
  switch (tenancy.kind) {
    case 'all':
      return undefined;
    case 'vendor':
      return eq(stores.vendorId, tenancy.vendorId);
    case 'store':
      return eq(staff.storeId, tenancy.storeId);
    default:
      return sql`false`;
  }
}

/** The staff a caller may change: an admin any, a store its own (a vendor reads only). */
function writableStaff(tenancy: Tenancy): SQL | undefined {
  if (tenancy.kind === 'all') return undefined;
  if (tenancy.kind === 'store') return eq(staff.storeId, tenancy.storeId);
  return sql`false`;
}

const staffColumns = {
  id: staff.id,
  storeId: stores.id,
  storeName: stores.name,
  name: staff.name,
  phone: staff.phone,
  position: staff.position,
  createdAt: staff.createdAt,
};

function selectStaff(db: DbOrTx) {
  return db.select(staffColumns).from(staff).innerJoin(stores, eq(stores.id, staff.storeId));
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaff>['execute']>>[number];

const toStaff = (row: StaffRow): Staff => ({
  id: row.id,
  store: { id: row.storeId, name: row.storeName },
  name: row.name,
  phone: row.phone,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

function filterStaff(filters: StaffFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.store_id !== undefined) conditions.push(eq(staff.storeId, filters.store_id));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(or(ilike(staff.name, pattern), ilike(staff.phone, pattern), ilike(staff.position, pattern)));
  }
  return and(...conditions);
}

export async function listStaff(db: DbOrTx, tenancy: Tenancy, filters: StaffFilters): Promise<Page<Staff> & { total: number }> {
  const where = and(visibleStaff(tenancy), filterStaff(filters));
  const after = cursorId(filters.cursor);
  const [rows, [count]] = await Promise.all([
    selectStaff(db)
      .where(and(where, after === null ? undefined : lt(staff.id, after)))
      .orderBy(desc(staff.id))
      .limit(filters.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(staff).innerJoin(stores, eq(stores.id, staff.storeId)).where(where),
  ]);
  const page = pageOf(rows, filters.limit, (r) => r.id);
  return { items: page.items.map(toStaff), nextCursor: page.nextCursor, total: Number(count?.n ?? 0) };
}

export async function findStaff(db: DbOrTx, tenancy: Tenancy, id: number): Promise<Staff | null> {
  const [row] = await selectStaff(db).where(and(eq(staff.id, id), visibleStaff(tenancy))).limit(1);
  return row ? toStaff(row) : null;
}

/** The store exists (for an admin naming one); a store's own always does. */
export async function storeExists(db: DbOrTx, storeId: number): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).limit(1);
  return row !== undefined;
}

export interface NewStaff {
  storeId: number;
  name: string;
  phone: string;
  position: string | null;
}

export async function insertStaff(db: DbOrTx, person: NewStaff): Promise<number> {
  const [row] = await db.insert(staff).values(person).returning({ id: staff.id });
  return row!.id;
}

export interface StaffChanges {
  name?: string | undefined;
  phone?: string | null | undefined;
  position?: string | null | undefined;
}

/** Updates staff the caller may change; false when there is none. */
export async function updateStaff(db: DbOrTx, tenancy: Tenancy, id: number, changes: StaffChanges): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ name: changes.name, phone: changes.phone, position: changes.position })
    .where(and(eq(staff.id, id), writableStaff(tenancy)))
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function deleteStaff(db: DbOrTx, tenancy: Tenancy, id: number): Promise<boolean> {
  const rows = await db.delete(staff).where(and(eq(staff.id, id), writableStaff(tenancy))).returning({ id: staff.id });
  return rows.length > 0;
}
