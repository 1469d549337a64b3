import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { RESET_CODE_LENGTH, type ResetPasswordRequest } from '@app/shared/schemas/auth';
import type { Database } from '../../db/database';
import { passwordResetCodes } from '../../db/tables/auth.table';
import { identities } from '../../db/tables/members.table';
import { hashPassword } from '../../auth/passwords';
import { revokeMemberSessions } from '../../auth/sessions';
import { fieldError } from '../../http/http-error';
import type { MailMessage } from '../../mail/mailer';
import { findLocalIdentity } from './login';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
/** Guesses allowed per code: 5 in a million leaves a guesser no real chance. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
const WRONG_CODE = 'The code is wrong or has expired. Ask for a new one.';

// A code is short, so its digest is salted with the member: one precomputed table does not fit all members.
const hashCode = (memberId: number, code: string) => createHash('sha256').update(`${memberId}:${code}`).digest();

/**
 * Makes a one-time code for a local account and returns the mail that carries it; null
 * when there is no such account (the caller answers the same either way). A new code
 * replaces the member's earlier ones.
 */
export async function requestPasswordReset(db: Database, loginId: string): Promise<MailMessage | null> {
  const found = await findLocalIdentity(db, loginId);
  if (!found?.passwordHash || found.disabledAt) return null;
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.memberId, found.memberId), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({
      memberId: found.memberId,
      codeHash: hashCode(found.memberId, code).toString('hex'),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
    });
  });
  return {
    to: found.loginId,
    subject: 'Your password reset code',
    text: [
      'Hello,',
      '',
      `Your password reset code is: ${code}`,
      '',
      `Enter it on the reset page within ${RESET_CODE_TTL_MS / 60_000} minutes.`,
      'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      '',
      'Kabadi Orders',
    ].join('\n'),
  };
}

/**
 * Sets a new password with a mailed code. Each try uses up one of the code's attempts
 * before it is compared, so parallel guesses cannot exceed the limit. Success spends the
 * code and signs the member out of every session.
 */
export async function resetPassword(db: Database, request: ResetPasswordRequest): Promise<void> {
  const found = await findLocalIdentity(db, request.login_id);
  if (!found?.passwordHash || found.disabledAt) throw fieldError('code', WRONG_CODE);
  const now = new Date();
  const [live] = await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.memberId, found.memberId), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, now)))
    .orderBy(desc(passwordResetCodes.createdAt), desc(passwordResetCodes.id))
    .limit(1);
  if (!live) throw fieldError('code', WRONG_CODE);
  const [attempt] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(and(eq(passwordResetCodes.id, live.id), isNull(passwordResetCodes.usedAt), lt(passwordResetCodes.attempts, RESET_CODE_MAX_ATTEMPTS)))
    .returning({ codeHash: passwordResetCodes.codeHash });
  if (!attempt) throw fieldError('code', WRONG_CODE);
  const expected = Buffer.from(attempt.codeHash, 'hex');
  const given = hashCode(found.memberId, request.code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fieldError('code', WRONG_CODE);

  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    // Spending the code is conditional, so two resets racing with one code change the password once.
    const [spent] = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.id, live.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (!spent) throw fieldError('code', WRONG_CODE);
    await tx.update(identities).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(identities.id, found.identityId));
    await revokeMemberSessions(tx, found.memberId);
  });
}
