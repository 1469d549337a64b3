import { and, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Staff, staffListQuerySchema } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { staff, stores } from '../../db/tables/partners.table';
import { filterBy } from '../../http/resource-kit/list-filters';
import { COUNT_ALL, countOf, recordQueries } from '../../http/resource-kit/record-queries';
import { tenancyScope } from '../../http/resource-kit/tenancy-scope';

export type StaffFilters = z.output<typeof staffListQuerySchema>;

const staffColumns = {
  id: staff.id,
  storeId: stores.id,
  storeName: stores.name,
  name: staff.name,
  phone: staff.phone,
  position: staff.position,
  createdAt: staff.createdAt,
};

/** Staff with their store joined: a vendor sees its stores' staff through it. */
const selectStaff = (db: DbOrTx) => db.select(staffColumns).from(staff).innerJoin(stores, eq(stores.id, staff.storeId));

type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaff>['execute']>>[number];

const toStaff = (row: StaffRow): Staff => ({
  id: row.id,
  store: { id: row.storeId, name: row.storeName },
  name: row.name,
  phone: row.phone,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

/** A store's staff (no accounts of their own), newest first: a store sees and changes its own, a vendor reads its stores', an admin all. */
export const staffRecords = recordQueries({
  table: staff,
  id: staff.id,
  select: selectStaff,
  count: (db, where) => countOf(db.select(COUNT_ALL).from(staff).innerJoin(stores, eq(stores.id, staff.storeId)).where(where)),
  visible: (tenancy) => tenancyScope(tenancy, { vendor: ({ vendorId }) => eq(stores.vendorId, vendorId), store: ({ storeId }) => eq(staff.storeId, storeId) }),
  // A vendor reads its stores' staff and changes none (and a write joins no store to find its vendor by).
  writable: (tenancy) => tenancyScope(tenancy, { store: ({ storeId }) => eq(staff.storeId, storeId) }),
  filter: (query: StaffFilters) =>
    filterBy(
      {
        store_id: (storeId) => eq(staff.storeId, storeId),
        search: (pattern) => or(ilike(staff.name, pattern), ilike(staff.phone, pattern), ilike(staff.position, pattern)),
      },
      query,
    ),
  present: (_db, rows: StaffRow[]) => rows.map(toStaff),
});

/** The store exists (for an admin naming one); a store's own always does. */
export async function storeExists(db: DbOrTx, storeId: number): Promise<boolean> {
  // A household's home is no store: it has no staff.
  const [row] = await db.select({ id: stores.id }).from(stores).where(and(eq(stores.id, storeId), eq(stores.kind, 'store'))).limit(1);
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
