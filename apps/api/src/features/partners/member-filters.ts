import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApprovalStatus } from '@app/shared/constants';
import { members } from '../../db/tables/members.table';

type PartnerRole = 'vendor' | 'store' | 'driver';
const ownerColumn = { vendor: members.vendorId, store: members.storeId, driver: members.driverId } as const;

/** True for a vendor, store or driver (`owner` is its id column) that has an account matching `condition`. */
function hasMember(role: PartnerRole, owner: AnyPgColumn, condition: SQL | undefined): SQL {
  return sql`exists (select 1 from ${members} where ${and(eq(members.role, role), eq(ownerColumn[role], owner), condition)})`;
}

/** Filters by the approval status of the record's account (the admin's sign-up queues). */
export const memberApprovalIs = (role: PartnerRole, owner: AnyPgColumn, status: ApprovalStatus): SQL =>
  hasMember(role, owner, eq(members.approvalStatus, status));

/** Search in the name and login id of the record's account. */
export const memberMatches = (role: PartnerRole, owner: AnyPgColumn, pattern: string): SQL =>
  hasMember(role, owner, or(ilike(members.name, pattern), ilike(members.loginId, pattern)));

/** The filters every list of vendors, stores or drivers takes: its city, and its account's approval. */
export const partnerFilters = (role: PartnerRole, table: { id: AnyPgColumn; cityId: AnyPgColumn }) => ({
  city_id: (cityId: number) => eq(table.cityId, cityId),
  approval_status: (status: ApprovalStatus) => memberApprovalIs(role, table.id, status),
});
