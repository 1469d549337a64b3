import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HANDOVER_CODE_LENGTH } from '@app/shared/schemas/households';
import type { SigningKeySet } from '../../auth/signing-keys';
import type { Database, DbOrTx } from '../../db/database';
import { queryRow } from '../../db/sql-rows';
import { fieldError } from '../../http/http-error';

// The handover code of a household's pickup (design.md section 21): when the driver's weighed
// lines land on it, the household gets a 6-digit code by SMS; a household with no phone at
// hand for the app tells it to the driver, whose completion carries it. Kept as a keyed HMAC
// (as sign-in codes are: a million values are tried in no time against an unkeyed hash), valid
// 2 hours, 5 wrong tries. Every try is counted in one UPDATE of the order's row, committed
// on its own before the completion's transaction: a wrong code is a 400 that rolls the
// completion back, and its count must stay; parallel guesses queue on the row, so no more than
// 5 are ever compared.

export const HANDOVER_TTL_HOURS = 2;
export const HANDOVER_MAX_ATTEMPTS = 5;
const SECRET_PURPOSE = 'handover-codes';
const ASK_HOUSEHOLD = 'Ask the household to approve on its phone, or call admin.';

export const HANDOVER_MESSAGES = {
  wrong: 'The code is not right. Ask the household for the code in its SMS.',
  tooManyWrong: `The code was entered wrongly ${HANDOVER_MAX_ATTEMPTS} times. ${ASK_HOUSEHOLD}`,
  expired: `The code has expired. ${ASK_HOUSEHOLD}`,
  missing: 'Enter the code from the household\'s SMS, or let the household approve on its phone',
  storeOrder: 'Only a household\'s pickup has a handover code',
} as const;

const codeHashOf = (keys: SigningKeySet, orderId: number, code: string) =>
  createHmac('sha256', keys.secretFor(SECRET_PURPOSE)).update(`handover\u0000${orderId}\u0000${code}`).digest();

/** A new code for the order and what to keep of it: its hash (hex). */
export function newHandoverCode(keys: SigningKeySet, orderId: number): { code: string; hash: string } {
  const code = String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');
  return { code, hash: codeHashOf(keys, orderId, code).toString('hex') };
}

/** The columns that start a code on the order (in the weighing's transaction): the old one, if any, is replaced. */
export const handoverColumns = (hash: string) => ({
  handoverCodeHash: hash,
  handoverAttempts: 0,
  handoverExpiresAt: sql`now() + make_interval(hours => ${HANDOVER_TTL_HOURS})`,
});

/** The columns that end the code (the order left waiting_store for good). */
export const handoverCleared = { handoverCodeHash: null, handoverAttempts: 0, handoverExpiresAt: null } as const;

/**
 * A driver's try of the handover code on its own household pickup waiting for the household.
 * Answers true when the code is right; throws 400 naming `handover_code` when it is wrong, spent
 * by 5 wrong tries, or expired. Answers false when the order is not such a pickup (another
 * status, another driver's): the completion's transaction then gives its usual answer.
 */
export async function tryHandoverCode(db: Database | DbOrTx, keys: SigningKeySet, attempt: { orderId: number; driverId: number; code: string }): Promise<boolean> {
  const tried = await queryRow<{ hash: string | null; attempts: number }>(
    db,
    sql`update orders set handover_attempts = handover_attempts + 1
        where id = ${attempt.orderId} and driver_id = ${attempt.driverId} and customer_kind = 'household' and status = 'waiting_store'
          and handover_code_hash is not null and handover_attempts < ${HANDOVER_MAX_ATTEMPTS} and handover_expires_at > now()
        returning handover_code_hash as hash, handover_attempts as attempts`,
  );
  if (!tried) {
    const why = await whyNoTry(db, attempt);
    if (why) throw fieldError('handover_code', why);
    return false;
  }
  const given = codeHashOf(keys, attempt.orderId, attempt.code);
  const expected = tried.hash === null ? null : Buffer.from(tried.hash, 'hex');
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw fieldError('handover_code', tried.attempts >= HANDOVER_MAX_ATTEMPTS ? HANDOVER_MESSAGES.tooManyWrong : HANDOVER_MESSAGES.wrong);
  }
  return true;
}

/** Why the driver's own household pickup in waiting_store has no code to try (spent by wrong tries, else past its time); null when it is not one. */
async function whyNoTry(db: Database | DbOrTx, attempt: { orderId: number; driverId: number }): Promise<string | null> {
  const row = await queryRow<{ attempts: number }>(
    db,
    sql`select handover_attempts as attempts
        from orders where id = ${attempt.orderId} and driver_id = ${attempt.driverId} and customer_kind = 'household' and status = 'waiting_store'`,
  );
  if (!row) return null;
  if (row.attempts >= HANDOVER_MAX_ATTEMPTS) return HANDOVER_MESSAGES.tooManyWrong;
  return HANDOVER_MESSAGES.expired;
}
