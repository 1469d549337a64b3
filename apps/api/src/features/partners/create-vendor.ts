import type { z } from 'zod';
import type { createVendorRequestSchema } from '@app/shared/schemas/partners';
import type { Database } from '../../db/database';
import { vendors } from '../../db/tables/partners.table';
import { hashPassword } from '../../auth/passwords';
import { assertCityExists, assertLoginFree, assertPhoneFree, insertApprovedMember, withUniqueLogin } from './new-accounts';

/** An admin adds a vendor and its account in one transaction; answers the new vendor's id. */
export async function createVendor(db: Database, body: z.output<typeof createVendorRequestSchema>): Promise<number> {
  await assertCityExists(db, body.city_id);
  await assertLoginFree(db, body.login_id);
  await assertPhoneFree(db, body.phone);
  const passwordHash = await hashPassword(body.password);
  return withUniqueLogin(() =>
    db.transaction(async (tx) => {
      const [vendor] = await tx
        .insert(vendors)
        .values({ companyName: body.company_name, cityId: body.city_id, address: body.address, phone: body.phone, gstin: body.gstin ?? null })
        .returning({ id: vendors.id });
      await insertApprovedMember(tx, { loginId: body.login_id, name: body.name, phone: body.phone, role: 'vendor', vendorId: vendor!.id, passwordHash });
      return vendor!.id;
    }),
  );
}
