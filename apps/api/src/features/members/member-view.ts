import { eq, type SQL } from 'drizzle-orm';
import type { Member, MemberListItem } from '@app/shared/schemas/members';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { drivers, stores, vendors } from '../../db/tables/partners.table';

const columns = {
  id: members.id,
  loginId: members.loginId,
  name: members.name,
  role: members.role,
  isVerified: members.isVerified,
  approvalStatus: members.approvalStatus,
  storeId: members.storeId,
  vendorId: members.vendorId,
  driverId: members.driverId,
  phone: members.phone,
  createdAt: members.createdAt,
  rejectionReason: members.rejectionReason,
  storeVendorId: stores.vendorId,
  storeName: stores.name,
  storeCityId: stores.cityId,
  storeAddress: stores.address,
  companyName: vendors.companyName,
  vendorCityId: vendors.cityId,
  vendorAddress: vendors.address,
  driverCityId: drivers.cityId,
};

/** Members with their store, vendor company or driver record, for the views below. */
export function selectMemberRows(db: DbOrTx) {
  return db
    .select(columns)
    .from(members)
    .leftJoin(stores, eq(stores.id, members.storeId))
    .leftJoin(vendors, eq(vendors.id, members.vendorId))
    .leftJoin(drivers, eq(drivers.id, members.driverId))
    .$dynamic();
}

export type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMemberRows>['execute']>>[number];

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    login_id: row.loginId,
    name: row.name,
    role: row.role,
    is_verified: row.isVerified,
    approval_status: row.approvalStatus,
    store_id: row.storeId,
    // A store's vendor is its store's (as in the auth context), so reassigning the store moves the member along.
    vendor_id: row.role === 'store' ? row.storeVendorId : row.vendorId,
    driver_id: row.driverId,
  };
}

export function toMemberListItem(row: MemberRow): MemberListItem {
  return {
    ...toMember(row),
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    rejection_reason: row.rejectionReason,
    organisation_name: row.storeName ?? row.companyName ?? null,
    city_id: row.storeCityId ?? row.vendorCityId ?? row.driverCityId ?? null,
    address: row.storeAddress ?? row.vendorAddress ?? null,
  };
}

export async function findMember(db: DbOrTx, where: SQL): Promise<Member | null> {
  const [row] = await selectMemberRows(db).where(where).limit(1);
  return row ? toMember(row) : null;
}
