import { and, eq } from 'drizzle-orm';
import type { ChangePasswordRequest } from '@app/shared/schemas/auth';
import type { AuthContext } from '../../auth/auth-context';
import type { Database } from '../../db/database';
import { identities } from '../../db/tables/members.table';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeMemberSessions } from '../../auth/sessions';
import { fieldError } from '../../http/http-error';
import { findRefreshToken } from './refresh-tokens';

/**
 * A signed-in member changes its password by proving the current one. Every other
 * session is signed out; the session whose refresh token comes along stays signed in.
 */
export async function changePassword(db: Database, auth: AuthContext, request: ChangePasswordRequest): Promise<void> {
  const [identity] = await db
    .select({ id: identities.id, passwordHash: identities.passwordHash })
    .from(identities)
    .where(and(eq(identities.memberId, auth.memberId), eq(identities.provider, 'local')))
    .limit(1);
  if (!identity?.passwordHash || !(await verifyPassword(identity.passwordHash, request.current_password))) {
    throw fieldError('current_password', 'The current password is not right');
  }
  const passwordHash = await hashPassword(request.password);
  const own = request.refresh_token ? await findRefreshToken(db, request.refresh_token) : null;
  const keepFamilyId = own && own.memberId === auth.memberId && !own.revokedAt ? own.familyId : undefined;
  await db.transaction(async (tx) => {
    await tx.update(identities).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(identities.id, identity.id));
    await revokeMemberSessions(tx, auth.memberId, keepFamilyId);
  });
}
