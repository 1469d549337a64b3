import { and, eq, ilike, or, sql } from 'drizzle-orm';
import { paiseToRupees } from '@app/shared/money';
import type { z } from 'zod';
import type { Vendor, vendorListQuerySchema } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { wallets } from '../../db/tables/wallets.table';
import type { Tenancy } from '../../auth/tenancy';
import { filterBy } from '../../http/resource-kit/list-filters';
import { recordQueries } from '../../http/resource-kit/record-queries';
import { newestFirst } from '../../http/resource-kit/sorting';
import { tenancyScope } from '../../http/resource-kit/tenancy-scope';
import { citySummary } from './city-summary';
import { memberMatches, partnerFilters } from './member-filters';
import { withAccounts } from './partner-members';
import { selectWithCity } from './select-with-city';

export type VendorFilters = z.output<typeof vendorListQuerySchema>;

/** The vendors a caller may see: an admin all, a vendor itself, nobody else any. */
const visibleVendors = (tenancy: Tenancy) => tenancyScope(tenancy, { vendor: ({ vendorId }) => eq(vendors.id, vendorId) });

/** Vendors with their city, counts of their stores and orders, and their wallet. */
const selectVendors = (db: DbOrTx) =>
  selectWithCity(db, vendors, {
    storeCount: sql<number>`(select count(*)::int from ${stores} where ${stores.vendorId} = ${vendors.id})`,
    orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.vendorId} = ${vendors.id})`,
    // Text: bigint paise must not pass through a driver's float parsing.
    walletPaise: sql<string>`coalesce((select ${wallets.balancePaise} from ${wallets} where ${wallets.ownerType} = 'vendor' and ${wallets.ownerId} = ${vendors.id}), 0)::text`,
  });

export const vendorRecords = recordQueries({
  table: vendors,
  id: vendors.id,
  select: selectVendors,
  visible: visibleVendors,
  filter: (query: VendorFilters) =>
    filterBy(
      {
        ...partnerFilters('vendor', vendors),
        search: (pattern) => or(ilike(vendors.companyName, pattern), ilike(vendors.phone, pattern), memberMatches('vendor', vendors.id, pattern)),
      },
      query,
    ),
  sorting: newestFirst(vendors.createdAt, { company_name: vendors.companyName }),
  present: (db, rows) =>
    withAccounts(db, 'vendor', rows, (row, member): Vendor => ({
      id: row.id,
      company_name: row.companyName,
      city: citySummary(row),
      address: row.address,
      phone: row.phone,
      gstin: row.gstin,
      requested_gstin: row.gstinRequestedAt ? row.requestedGstin : null,
      gstin_requested_at: row.gstinRequestedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      member,
      store_count: Number(row.storeCount),
      order_count: Number(row.orderCount),
      wallet_balance: paiseToRupees(Number(row.walletPaise)),
    })),
});

export interface VendorChanges {
  companyName?: string | undefined;
  address?: string | undefined;
  phone?: string | null | undefined;
  gstin?: string | null | undefined;
  /** The vendor's own GSTIN change waiting for an admin; both null when none waits. */
  requestedGstin?: string | null | undefined;
  gstinRequestedAt?: Date | null | undefined;
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
