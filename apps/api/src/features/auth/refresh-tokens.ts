import type { Role } from '@app/shared/constants';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, isNotNull } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/database';
import { refreshTokens } from '../../db/tables/auth.table';
import { members } from '../../db/tables/members.table';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A token spent this recently may be presented again while its session has not moved on
 * (no later token of the family spent): the answer to the first refresh was lost (a phone
 * losing signal, a page left mid-request, two tabs with one cookie), not stolen (decision 074).
 */
export const REFRESH_REUSE_GRACE_MS = 60_000;

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
 * Whether a spent token presented again is a lost answer: spent within the grace, and its
 * session has not moved on since (no token of the family spent after it). Its first
 * successor stays valid too, since two tabs sharing one cookie jar may keep either answer;
 * the next ordinary rotation expires the one left unused, and a later reuse still revokes
 * the family.
 */
async function isLostAnswer(tx: DbOrTx, familyId: string, spentAt: Date, now: Date): Promise<boolean> {
  if (now.getTime() - spentAt.getTime() > REFRESH_REUSE_GRACE_MS) return false;
  const [later] = await tx
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.spentAt), gt(refreshTokens.spentAt, spentAt)))
    .limit(1);
  return !later;
}

/**
 * Spends a refresh token and issues its successor in the same family. The spend is one
 * conditional UPDATE, so of two requests with one token exactly one spends it. A spent
 * token presented again revokes the whole family (it was stolen or replayed), unless it is
 * a lost answer (isLostAnswer): then it gets a successor of its own. A disabled or
 * rejected member's family is revoked too.
 */
export async function rotateRefreshToken(db: Database, token: string): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(token);
  return db.transaction(async (tx): Promise<RotationResult> => {
    const now = new Date();
    let [spent] = await tx
      .update(refreshTokens)
      .set({ spentAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
      .returning({ memberId: refreshTokens.memberId, familyId: refreshTokens.familyId });
    if (!spent) {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revokedAt) return { ok: false, reason: 'revoked' };
      if (!row.spentAt || row.expiresAt <= now) return { ok: false, reason: 'expired' };
      if (!(await isLostAnswer(tx, row.familyId, row.spentAt, now))) {
        await revokeFamily(tx, row.familyId);
        return { ok: false, reason: 'reused' };
      }
      spent = { memberId: row.memberId, familyId: row.familyId };
    } else {
      // The session moves on from this token: a successor a lost answer left behind is never
      // used now. It expires rather than being revoked: nobody was signed out.
      await tx
        .update(refreshTokens)
        .set({ expiresAt: now })
        .where(and(eq(refreshTokens.familyId, spent.familyId), isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt)));
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
