import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { RESET_CODE_LENGTH, type ResetPasswordRequest } from '@app/shared/schemas/auth';
import type { Database } from '../../db/database';
import { passwordResetCodes } from '../../db/tables/auth.table';
import { identities } from '../../db/tables/members.table';
import { hashPassword } from '../../auth/passwords';
import { revokeMemberSessions } from '../../auth/sessions';
import { fieldError } from '../../http/http-error';
import type { MailMessage } from '../../mail/mailer';
import { memberLanguage } from '../../mail/member-language';
import { textsFor } from '../../mail/templates/mail-texts';
import { findLocalIdentity } from './login';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
/** Guesses allowed per code: 5 in a million leaves a guesser no real chance. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/**
 * Live codes a member may hold at once. A new request does not void the member's own
 * code, so strangers asking for resets of that login id cannot block it; beyond this many
 * the oldest are voided, which keeps a guesser's odds at most 3 x 5 in a million.
 */
export const RESET_CODES_LIVE_MAX = 3;
const WRONG_CODE = 'The code is wrong or has expired. Ask for a new one.';

// A code is short, so its digest is salted with the member: one precomputed table does not fit all members.
const hashCode = (memberId: number, code: string) => createHash('sha256').update(`${memberId}:${code}`).digest();

/**
 * Makes a one-time code for a local account and returns the mail that carries it; null
 * when there is no such account (the caller answers the same either way). The member's
 * newest RESET_CODES_LIVE_MAX codes stay valid; older ones are voided.
 */
export async function requestPasswordReset(db: Database, loginId: string): Promise<MailMessage | null> {
  const found = await findLocalIdentity(db, loginId);
  if (!found?.passwordHash || found.disabledAt) return null;
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  await db.transaction(async (tx) => {
    const keep = await tx
      .select({ id: passwordResetCodes.id })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.memberId, found.memberId), isNull(passwordResetCodes.usedAt)))
      .orderBy(desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id))
      .limit(RESET_CODES_LIVE_MAX - 1);
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetCodes.memberId, found.memberId),
          isNull(passwordResetCodes.usedAt),
          keep.length > 0 ? notInArray(passwordResetCodes.id, keep.map((k) => k.id)) : undefined,
        ),
      );
    await tx.insert(passwordResetCodes).values({
      memberId: found.memberId,
      codeHash: hashCode(found.memberId, code).toString('hex'),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
    });
  });
  // In the member's language (design.md section 13).
  const texts = textsFor(await memberLanguage(db, found.memberId));
  return { to: found.loginId, ...texts.resetCode(code, RESET_CODE_TTL_MS / 60_000) };
}

/**
 * Sets a new password with a mailed code, checked against each of the member's live
 * codes. Each try uses up one attempt of every live code before comparing, so parallel
 * guesses cannot exceed the limits. Success spends all the member's codes and signs the
 * member out of every session.
 */
export async function resetPassword(db: Database, request: ResetPasswordRequest): Promise<void> {
  const found = await findLocalIdentity(db, request.login_id);
  if (!found?.passwordHash || found.disabledAt) throw fieldError('code', WRONG_CODE);
  const now = new Date();
  const live = await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.memberId, found.memberId), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, now)))
    .orderBy(desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id))
    .limit(RESET_CODES_LIVE_MAX);
  if (live.length === 0) throw fieldError('code', WRONG_CODE);
  const attempts = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        inArray(passwordResetCodes.id, live.map((l) => l.id)),
        isNull(passwordResetCodes.usedAt),
        lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
  const given = hashCode(found.memberId, request.code);
  const matched = attempts.find((a) => {
    const expected = Buffer.from(a.codeHash, 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!matched) throw fieldError('code', WRONG_CODE);

  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    // Spending the code is conditional, so two resets racing with one code change the password once.
    const [spent] = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.id, matched.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (!spent) throw fieldError('code', WRONG_CODE);
    // The member's other codes die with this reset: none may set the password again.
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.memberId, found.memberId), isNull(passwordResetCodes.usedAt)));
    await tx.update(identities).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(identities.id, found.identityId));
    await revokeMemberSessions(tx, found.memberId);
  });
}
