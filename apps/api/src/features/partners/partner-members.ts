import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PartnerMember } from '@app/shared/schemas/partners';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';

type PartnerRole = 'vendor' | 'store' | 'driver';

const ownerColumn = { vendor: members.vendorId, store: members.storeId, driver: members.driverId } as const;

/**
 * The account of each vendor, store or driver among `ids`, in one query. Should a record
 * have several accounts, the oldest one stands for it.
 */
export async function partnerMembers(db: DbOrTx, role: PartnerRole, ids: number[]): Promise<Map<number, PartnerMember>> {
  const found = new Map<number, PartnerMember>();
  if (ids.length === 0) return found;
  const owner = ownerColumn[role];
  const rows = await db
    .select({
      ownerId: owner,
      id: members.id,
      loginId: members.loginId,
      name: members.name,
      phone: members.phone,
      role: members.role,
      isVerified: members.isVerified,
      approvalStatus: members.approvalStatus,
      rejectionReason: members.rejectionReason,
    })
    .from(members)
    .where(and(eq(members.role, role), inArray(owner, ids)))
    .orderBy(asc(members.id));
  for (const row of rows) {
    if (row.ownerId === null || found.has(row.ownerId)) continue;
    found.set(row.ownerId, {
      id: row.id,
      login_id: row.loginId,
      name: row.name,
      phone: row.phone,
      role: row.role,
      is_verified: row.isVerified,
      approval_status: row.approvalStatus,
      rejection_reason: row.rejectionReason,
    });
  }
  return found;
}

/** Rows of vendors, stores or drivers as answered, each with its account (null when it has none). */
export async function withAccounts<R extends { id: number }, T>(db: DbOrTx, role: PartnerRole, rows: R[], present: (row: R, member: PartnerMember | null) => T): Promise<T[]> {
  const accounts = await partnerMembers(db, role, rows.map((r) => r.id));
  return rows.map((row) => present(row, accounts.get(row.id) ?? null));
}
