import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { householdSignUpSchema } from '@app/shared/schemas/auth';
import type { DbOrTx } from '../../db/database';
import { locationColumns } from '../../db/store-location';
import { cities } from '../../db/tables/geography.table';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { fieldError } from '../../http/http-error';
import { duplicatePhone, sqlState } from '../../auth/member-accounts';

// A household signs up with its phone code alone (design.md section 21): the code verified
// the number, so there is no approval queue. Its home is a stores row of kind 'household'
// (no vendor); its login id is its E.164 number, and it has no password.

export type HouseholdSignUpInput = z.output<typeof householdSignUpSchema>;

const UNKNOWN_CITY = 'Unknown city: choose one from the list';

/** 400 naming `sign_up.city_id` for a city that does not exist: checked before the code is spent. */
export async function assertSignUpCity(db: DbOrTx, signUp: HouseholdSignUpInput): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, signUp.city_id)).limit(1);
  if (!city) throw fieldError('sign_up.city_id', UNKNOWN_CITY);
}

export interface CreatedHousehold {
  memberId: number;
  loginId: string;
}

/**
 * The household's home and member, in the caller's transaction (the one that spends the code).
 * A member given this number (or login id) meanwhile is 409 naming `phone`, as at sign-up.
 */
export async function createHousehold(tx: DbOrTx, phone: string, signUp: HouseholdSignUpInput): Promise<CreatedHousehold> {
  try {
    return await insertHousehold(tx, phone, signUp);
  } catch (error) {
    if (sqlState(error) === '23505') throw duplicatePhone();
    throw error;
  }
}

async function insertHousehold(tx: DbOrTx, phone: string, signUp: HouseholdSignUpInput): Promise<CreatedHousehold> {
  const [home] = await tx
    .insert(stores)
    .values({ kind: 'household', vendorId: null, name: signUp.name, cityId: signUp.city_id, address: signUp.address, phone, ...locationColumns(signUp.location) })
    .returning({ id: stores.id });
  const [member] = await tx
    .insert(members)
    .values({ loginId: phone, name: signUp.name, phone, role: 'household', isVerified: true, approvalStatus: 'approved', storeId: home!.id })
    .returning({ id: members.id, loginId: members.loginId });
  return { memberId: member!.id, loginId: member!.loginId };
}
