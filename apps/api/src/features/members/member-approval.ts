import { eq } from 'drizzle-orm';
import type { ApproveMemberRequest, Member, RejectMemberRequest } from '@app/shared/schemas/members';
import type { AuthContext } from '../../auth/auth-context';
import { revokeMemberSessions } from '../../auth/sessions';
import type { Database } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { fieldError, forbidden, notFound } from '../../http/http-error';
import { findMember } from './member-view';
import { assertVendorExists } from './store-vendor';

const memberNotFound = (id: number) => notFound(`Member ${id} not found`);

/**
 * An admin approves a sign-up: verified and approved, any earlier rejection forgotten.
 * A store may be assigned to its vendor in the same step. Approving twice changes nothing.
 */
export async function approveMember(db: Database, memberId: number, request: ApproveMemberRequest): Promise<Member> {
  await db.transaction(async (tx) => {
    const [member] = await tx.select({ role: members.role, storeId: members.storeId }).from(members).where(eq(members.id, memberId)).for('update');
    if (!member) throw memberNotFound(memberId);
    if (request.vendor_id !== undefined) {
      if (member.role !== 'store' || member.storeId === null) throw fieldError('vendor_id', 'Only a store member is assigned to a vendor');
      await assertVendorExists(tx, request.vendor_id);
      await tx.update(stores).set({ vendorId: request.vendor_id }).where(eq(stores.id, member.storeId));
    }
    await tx
      .update(members)
      .set({ isVerified: true, approvalStatus: 'approved', rejectionReason: null, updatedAt: new Date() })
      .where(eq(members.id, memberId));
  });
  return (await findMember(db, eq(members.id, memberId)))!;
}

/**
 * An admin rejects a member: cancelled and unverified at once. The guard reads the member
 * on every request, so its access tokens stop working now, and its refresh tokens are
 * revoked so no session lives on.
 */
export async function rejectMember(db: Database, actor: AuthContext, memberId: number, request: RejectMemberRequest): Promise<Member> {
  if (actor.memberId === memberId) throw forbidden('You cannot reject your own account');
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(members)
      .set({ isVerified: false, approvalStatus: 'cancelled', rejectionReason: request.reason || null, updatedAt: new Date() })
      .where(eq(members.id, memberId))
      .returning({ id: members.id });
    if (!updated) throw memberNotFound(memberId);
    await revokeMemberSessions(tx, memberId);
  });
  return (await findMember(db, eq(members.id, memberId)))!;
}
