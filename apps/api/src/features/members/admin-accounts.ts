import { eq } from 'drizzle-orm';
import type { CreateAdminRequest, CreateDriverRequest, Member } from '@app/shared/schemas/members';
import { createAccount, type NewAccount } from '../../auth/member-accounts';
import type { Database } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { findMember } from './member-view';

type Credential = NewAccount['credential'];

/** An admin creates a driver: verified and approved, with its driver record in its city. */
export async function createDriver(db: Database, request: Omit<CreateDriverRequest, 'password'>, credential: Credential): Promise<Member> {
  const created = await createAccount(db, {
    loginId: request.login_id,
    name: request.name,
    phone: request.phone,
    partner: { kind: 'driver', cityId: request.city_id, vehicleNumber: request.vehicle_number },
    approved: true,
    credential,
    cityField: 'city_id',
  });
  return (await findMember(db, eq(members.id, created.memberId)))!;
}

/** An admin creates another admin: verified and approved. */
export async function createAdmin(db: Database, request: Omit<CreateAdminRequest, 'password'>, credential: Credential): Promise<Member> {
  const created = await createAccount(db, {
    loginId: request.login_id,
    name: request.name,
    phone: null,
    partner: { kind: 'admin' },
    approved: true,
    credential,
    cityField: 'city_id',
  });
  return (await findMember(db, eq(members.id, created.memberId)))!;
}
