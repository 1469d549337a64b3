import { and, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StoreDetail, storeListQuerySchema } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { storeLocation } from '../../db/store-location';
import { orders } from '../../db/tables/orders.table';
import { staff, stores, vendors } from '../../db/tables/partners.table';
import { filterBy } from '../../http/resource-kit/list-filters';
import { recordQueries } from '../../http/resource-kit/record-queries';
import { newestFirst } from '../../http/resource-kit/sorting';
import { tenancyScope } from '../../http/resource-kit/tenancy-scope';
import { citySummary } from './city-summary';
import { memberMatches, partnerFilters } from './member-filters';
import { withAccounts } from './partner-members';
import { selectWithCity } from './select-with-city';

export type StoreFilters = z.output<typeof storeListQuerySchema>;

/** Stores with their city, their vendor's name, and counts of their orders and staff. */
const selectStores = (db: DbOrTx) =>
  selectWithCity(db, stores, {
    vendorCompanyName: vendors.companyName,
    orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.storeId} = ${stores.id})`,
    staffCount: sql<number>`(select count(*)::int from ${staff} where ${staff.storeId} = ${stores.id})`,
  }).leftJoin(vendors, eq(vendors.id, stores.vendorId));

/**
 * Stores: an admin sees all, a vendor its own, a store itself. A household's home is a stores
 * row too (design.md section 21) but no store: never listed, read or edited here.
 */
export const storeRecords = recordQueries({
  table: stores,
  id: stores.id,
  select: selectStores,
  visible: (tenancy) =>
    and(eq(stores.kind, 'store'), tenancyScope(tenancy, { vendor: ({ vendorId }) => eq(stores.vendorId, vendorId), store: ({ storeId }) => eq(stores.id, storeId) })),
  filter: (query: StoreFilters) =>
    filterBy(
      {
        vendor_id: (vendorId) => eq(stores.vendorId, vendorId),
        ...partnerFilters('store', stores),
        unassigned: (unassigned) => (unassigned ? isNull(stores.vendorId) : isNotNull(stores.vendorId)),
        search: (pattern) => or(ilike(stores.name, pattern), ilike(stores.address, pattern), ilike(stores.phone, pattern), memberMatches('store', stores.id, pattern)),
      },
      query,
    ),
  sorting: newestFirst(stores.createdAt, { name: stores.name }),
  present: (db, rows) =>
    withAccounts(db, 'store', rows, (row, member): StoreDetail => ({
      id: row.id,
      name: row.name,
      city: citySummary(row),
      address: row.address,
      phone: row.phone,
      location: storeLocation(row),
      vendor: row.vendorId !== null && row.vendorCompanyName !== null ? { id: row.vendorId, company_name: row.vendorCompanyName } : null,
      member,
      order_count: Number(row.orderCount),
      staff_count: Number(row.staffCount),
      created_at: row.createdAt.toISOString(),
    })),
});
