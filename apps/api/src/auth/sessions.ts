import { and, eq, gte, isNull, ne } from 'drizzle-orm';
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

/**
 * Whether a session of the member was revoked at or after `since`: a sign-out, a password
 * change or reset, a rejection, a replayed refresh token. Access tokens do not name their
 * session, so this speaks for the member as a whole.
 */
export async function memberSessionRevokedSince(db: DbOrTx, memberId: number, since: Date): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.memberId, memberId), gte(refreshTokens.revokedAt, since)))
    .limit(1);
  return rows.length > 0;
}
