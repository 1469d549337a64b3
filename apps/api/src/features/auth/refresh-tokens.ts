import type { Role } from '@app/shared/constants';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/database';
import { refreshTokens } from '../../db/tables/auth.table';
import { members } from '../../db/tables/members.table';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Only the digest is stored: a copy of the table signs nobody in. */
export const hashRefreshToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Stores a new refresh token of a session (a new family unless one is given) and returns the token. */
export async function storeRefreshToken(db: DbOrTx, memberId: number, familyId: string = randomUUID()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    memberId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The session a refresh token belongs to, spent or not; null when it is unknown. */
export async function findRefreshToken(db: DbOrTx, token: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(token))).limit(1);
  return row ?? null;
}

export type RotationResult =
  | { ok: true; memberId: number; loginId: string; role: Role; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'member_blocked' };

/**
 * Spends a refresh token and issues its successor in the same family. The spend is one
 * conditional UPDATE, so of two requests with one token exactly one wins; the loser, and
 * anyone presenting a spent token later, revokes the whole family (it was stolen or
 * replayed). A disabled or rejected member's family is revoked too.
 */
export async function rotateRefreshToken(db: Database, token: string): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token);
  return db.transaction(async (tx): Promise<RotationResult> => {
    const now = new Date();
    const [spent] = await tx
      .update(refreshTokens)
      .set({ spentAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ memberId: refreshTokens.memberId, familyId: refreshTokens.familyId });
    if (!spent) {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      if (row.spentAt) {
        await revokeFamily(tx, row.familyId);
        return { ok: false, reason: 'reused' };
      }
      return { ok: false, reason: 'expired' };
    }
    const [member] = await tx
      .select({ loginId: members.loginId, role: members.role, approvalStatus: members.approvalStatus, disabledAt: members.disabledAt })
      .from(members)
      .where(eq(members.id, spent.memberId))
      .limit(1);
    if (!member || member.disabledAt || member.approvalStatus === 'cancelled') {
      await revokeFamily(tx, spent.familyId);
      return { ok: false, reason: 'member_blocked' };
    }
    const refreshToken = await storeRefreshToken(tx, spent.memberId, spent.familyId);
    return { ok: true, memberId: spent.memberId, loginId: member.loginId, role: member.role, refreshToken };
  });
}
