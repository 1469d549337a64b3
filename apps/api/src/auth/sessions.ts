import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { refreshTokens } from '../db/tables/auth.table';

/**
 * Signs a member out everywhere (password reset, rejection): every refresh token of the
 * member is revoked, so no session outlives its next refresh. `keepFamilyId` spares the
 * session that asked for it (a password change from that session).
 */
export async function revokeMemberSessions(db: DbOrTx, memberId: number, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt), keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
}
