import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createStoreRequestSchema } from '@app/shared/schemas/partners';
import type { Database } from '../../db/database';
import { stores, vendors } from '../../db/tables/partners.table';
import type { Tenancy } from '../../auth/tenancy';
import { hashPassword } from '../../auth/passwords';
import { fieldError, forbidden } from '../../http/http-error';
import { assertCityExists, assertLoginFree, assertPhoneFree, insertApprovedMember, withUniqueLogin } from './new-accounts';

/** Whose store it becomes: a vendor's own always; an admin's choice, possibly none yet. */
async function owningVendor(db: Database, tenancy: Tenancy, requested: number | undefined): Promise<number | null> {
  if (tenancy.kind === 'vendor') {
    if (requested !== undefined && requested !== tenancy.vendorId) throw fieldError('vendor_id', 'A vendor adds stores of its own only');
    return tenancy.vendorId;
  }
  if (tenancy.kind !== 'all') throw forbidden('Your role may not do this');
  if (requested === undefined) return null;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, requested)).limit(1);
  if (!vendor) throw fieldError('vendor_id', 'Unknown vendor: choose one from the list');
  return vendor.id;
}

/** An admin or a vendor adds a store with its account, approved at once; answers the new store's id. */
export async function createStore(db: Database, tenancy: Tenancy, body: z.output<typeof createStoreRequestSchema>): Promise<number> {
  const vendorId = await owningVendor(db, tenancy, body.vendor_id);
  await assertCityExists(db, body.city_id);
  await assertLoginFree(db, body.login_id);
  await assertPhoneFree(db, body.phone);
  const passwordHash = await hashPassword(body.password);
  return withUniqueLogin(() =>
    db.transaction(async (tx) => {
      const [store] = await tx
        .insert(stores)
        .values({ name: body.name, vendorId, cityId: body.city_id, address: body.address, phone: body.phone })
        .returning({ id: stores.id });
      await insertApprovedMember(tx, { loginId: body.login_id, name: body.contact_name, phone: body.phone, role: 'store', storeId: store!.id, passwordHash });
      return store!.id;
    }),
  );
}
