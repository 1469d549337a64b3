import type { HostedSignupRequest, SignupResponse } from '@app/shared/schemas/auth';
import type { Database } from '../../db/database';
import { createAccount, type NewAccount, type NewPartner } from '../../auth/member-accounts';

/**
 * A store or vendor signs up: member (pending, not verified), its store or vendor record,
 * and its identity. An admin approves it before it can do anything but read itself.
 */
export async function signup(db: Database, request: HostedSignupRequest, credential: NewAccount['credential']): Promise<SignupResponse> {
  const partner: NewPartner =
    request.member_type === 'store'
      ? { kind: 'store', name: request.store.name, cityId: request.store.city_id, address: request.store.address }
      : { kind: 'vendor', companyName: request.vendor.company_name, cityId: request.vendor.city_id, address: request.vendor.address };
  const created = await createAccount(db, {
    loginId: request.login_id,
    name: request.name,
    phone: request.phone,
    partner,
    approved: false,
    credential,
    cityField: `${request.member_type}.city_id`,
  });
  return { login_id: created.loginId, role: created.role, is_verified: created.isVerified };
}
