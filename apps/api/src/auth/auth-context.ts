import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import type { DbOrTx } from '../db/database';
import { identities, members } from '../db/tables/members.table';
import { drivers, stores } from '../db/tables/partners.table';

/** The caller, as every route and use case sees it. */
export interface AuthContext {
  memberId: number;
  loginId: string;
  name: string;
  role: Role;
  isVerified: boolean;
  approvalStatus: 'pending' | 'approved' | 'cancelled';
  disabled: boolean;
  vendorId: number | null;
  storeId: number | null;
  driverId: number | null;
  /** The city of the caller's store or driver record; null for admins and vendors. */
  cityId: number | null;
  /** The last change of the local password; access tokens issued before it are refused. */
  passwordChangedAt: Date | null;
}

/** One member by login id (any case). */
export async function loadAuthContext(db: DbOrTx, loginId: string): Promise<AuthContext | null> {
  const [auth] = await selectAuthContexts(db, eq(sql`lower(${members.loginId})`, loginId.toLowerCase()), 1);
  return auth ?? null;
}

/** Many members at once (open event streams re-checking who they serve): by member id. */
export async function loadAuthContextsById(db: DbOrTx, memberIds: readonly number[]): Promise<Map<number, AuthContext>> {
  if (memberIds.length === 0) return new Map();
  const list = await selectAuthContexts(db, inArray(members.id, [...memberIds]), memberIds.length);
  return new Map(list.map((auth) => [auth.memberId, auth]));
}

async function selectAuthContexts(db: DbOrTx, where: SQL, limit: number): Promise<AuthContext[]> {
  const rows = await db
    .select({
      memberId: members.id,
      loginId: members.loginId,
      name: members.name,
      role: members.role,
      isVerified: members.isVerified,
      approvalStatus: members.approvalStatus,
      disabledAt: members.disabledAt,
      vendorId: members.vendorId,
      storeId: members.storeId,
      driverId: members.driverId,
      storeVendorId: stores.vendorId,
      storeCityId: stores.cityId,
      driverCityId: drivers.cityId,
      passwordChangedAt: identities.passwordChangedAt,
    })
    .from(members)
    .leftJoin(stores, eq(stores.id, members.storeId))
    .leftJoin(drivers, eq(drivers.id, members.driverId))
    .leftJoin(identities, and(eq(identities.memberId, members.id), eq(identities.provider, 'local')))
    .where(where)
    .limit(limit);
  return rows.map((row) => ({
    memberId: row.memberId,
    loginId: row.loginId,
    name: row.name,
    role: row.role,
    isVerified: row.isVerified,
    approvalStatus: row.approvalStatus,
    disabled: row.disabledAt !== null,
    // A store's vendor is the store's, so reassigning a store moves its member with it.
    vendorId: row.role === 'store' ? row.storeVendorId : row.vendorId,
    storeId: row.storeId,
    driverId: row.driverId,
    cityId: row.storeCityId ?? row.driverCityId ?? null,
    passwordChangedAt: row.passwordChangedAt,
  }));
}
