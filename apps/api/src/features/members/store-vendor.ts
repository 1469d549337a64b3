import { and, eq } from 'drizzle-orm';
import type { AssignStoreVendorRequest, Store } from '@app/shared/schemas/members';
import type { Database, DbOrTx } from '../../db/database';
import { locationColumns, storeLocation } from '../../db/store-location';
import { stores, vendors } from '../../db/tables/partners.table';
import { HttpError, notFound } from '../../http/http-error';

/** 404 that also names the field, so a form can show it beside the vendor choice. */
export async function assertVendorExists(db: DbOrTx, vendorId: number): Promise<void> {
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  if (!vendor) throw new HttpError(404, `Vendor ${vendorId} not found`, { vendor_id: ['No such vendor'] });
}

/**
 * An admin assigns a store to a vendor (design.md section 5), sets its pin on the map
 * (section 18; null removes it), or both. Orders created afterwards belong to the new
 * vendor; earlier orders keep the vendor they were created under.
 */
export async function updateStoreAsAdmin(db: Database, storeId: number, { vendor_id: vendorId, location }: AssignStoreVendorRequest): Promise<Store> {
  return db.transaction(async (tx) => {
    if (vendorId !== undefined) await assertVendorExists(tx, vendorId);
    const [store] = await tx
      .update(stores)
      .set({ ...(vendorId !== undefined ? { vendorId } : {}), ...locationColumns(location) })
      // A household's home is no store: no vendor, and its pin is the household's to set.
      .where(and(eq(stores.id, storeId), eq(stores.kind, 'store')))
      .returning();
    if (!store) throw notFound(`Store ${storeId} not found`);
    return { id: store.id, name: store.name, city_id: store.cityId, address: store.address, phone: store.phone, location: storeLocation(store), vendor_id: store.vendorId };
  });
}
