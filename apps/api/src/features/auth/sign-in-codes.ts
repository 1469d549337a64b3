import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { NO_ACCOUNT_FOR_NUMBER, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_TTL_MINUTES } from '@app/shared/schemas/auth';
import type { Role } from '@app/shared/constants';
import type { Database, DbOrTx } from '../../db/database';
import { queryRow, queryRows } from '../../db/sql-rows';
import type { SigningKeySet } from '../../auth/signing-keys';
import { fieldError, HttpError } from '../../http/http-error';
import { assertSignUpCity, createHousehold, type HouseholdSignUpInput } from './household-sign-up';
import { SIGN_IN_CODE_TEXTS, type SignInCodeKind } from '../../sms/sms-texts';

// Sign-in with a code by SMS (design.md section 20, decision draft h5). Every number asked
// for gets a row, a member's or not, and both go through the same statements: the answer
// and its timing tell nobody whether a number is a member's. Times are the database's, so
// every API process agrees on a code's 5 minutes and a number's 30 seconds.

export const SIGN_IN_CODE_TTL_S = SIGN_IN_CODE_TTL_MINUTES * 60;
/** A number's requests are at least this far apart, whichever process takes them. */
export const SIGN_IN_CODE_GAP_S = 30;
/** Wrong codes that end a code: 5 guesses in a million. */
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

export const ASK_FOR_NEW_CODE = 'Ask for a new code';
export const CODE_MESSAGES = {
  wrong: 'The code is not right. Check the SMS and try again.',
  tooManyWrong: `The code was entered wrongly ${SIGN_IN_CODE_MAX_ATTEMPTS} times. ${ASK_FOR_NEW_CODE}.`,
  expired: `The code has expired. ${ASK_FOR_NEW_CODE}.`,
  none: `There is no code for this number. ${ASK_FOR_NEW_CODE}.`,
  /** A right code for a number of no member, verified without `sign_up` (design.md section 21): the code stays unspent. */
  noAccount: NO_ACCOUNT_FOR_NUMBER,
} as const;

const SECRET_PURPOSE = 'sign-in-codes';

// Keyed HMACs (decision draft h5): a 6-digit code has a million values, so an unkeyed hash
// is reversed by trying them all; under a server key that never reaches the database's rows
// it is not. The number's digest is keyed too, so a stranger's number is not kept.
const hmac = (keys: SigningKeySet, text: string) => createHmac('sha256', keys.secretFor(SECRET_PURPOSE)).update(text).digest();
export const phoneKeyOf = (keys: SigningKeySet, phone: string) => hmac(keys, `phone\u0000${phone}`).toString('base64url');
const codeHashOf = (keys: SigningKeySet, phoneKey: string, code: string) => hmac(keys, `code\u0000${phoneKey}\u0000${code}`);

export interface SmsOptions {
  /** The web app's host, for the WebOTP line. */
  host: string;
  /** Whether a Hindi text may go out: with SNS it needs a DLT template of its own. */
  hindi: boolean;
}

export type CodeRequestResult = { taken: true } | { taken: false; retryAfterSeconds: number };

/** Seconds until this number may ask again; 0 when it may now. Read before counting the request against the hourly limits. */
export async function secondsUntilNextRequest(db: Database, keys: SigningKeySet, phone: string): Promise<number> {
  const row = await queryRow<{ wait: number }>(
    db,
    sql`select ceil(extract(epoch from requested_at - now()) + ${SIGN_IN_CODE_GAP_S})::int as wait
        from sign_in_codes where phone_key = ${phoneKeyOf(keys, phone)} and requested_at > now() - make_interval(secs => ${SIGN_IN_CODE_GAP_S})`,
  );
  return row ? Math.max(1, row.wait) : 0;
}

/**
 * Makes a code for the number and queues its SMS, in one statement whether or not the number
 * is a member's: a row for every number (the new code replaces the old one), the SMS only for
 * an active member, or for anyone signing up (`signUp`, design.md section 21: a household's
 * first code; a stranger's number then gets the English text). A request within
 * SIGN_IN_CODE_GAP_S of the last one taken for this number changes nothing (the upsert's
 * condition decides, so it holds across processes).
 */
export async function requestSignInCode(db: Database, keys: SigningKeySet, phone: string, sms: SmsOptions, signUp = false): Promise<CodeRequestResult> {
  const phoneKey = phoneKeyOf(keys, phone);
  // Drawn and hashed for strangers too: the same work either way.
  const code = String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');
  const codeHash = codeHashOf(keys, phoneKey, code).toString('hex');
  const text = { code, minutes: SIGN_IN_CODE_TTL_MINUTES, host: sms.host };
  const english: SignInCodeKind = 'otp';
  const hindi: SignInCodeKind = sms.hindi ? 'otp_hi' : 'otp';
  const rows = await queryRows<{ member_id: number | null }>(
    db,
    sql`
    with member as (
      select m.id, coalesce(s.value ->> 'language', '') = 'hi' as hindi
      from members m left join settings s on s.key = 'notification:' || m.id
      where m.phone = ${phone} and m.disabled_at is null
      limit 1
    ), taken as (
      insert into sign_in_codes (phone_key, member_id, code_hash, attempts, requested_at, expires_at, used_at)
      values (${phoneKey}, (select id from member), case when exists (select 1 from member) or ${signUp}::boolean then ${codeHash} end, 0, now(),
        now() + make_interval(secs => ${SIGN_IN_CODE_TTL_S}), null)
      on conflict (phone_key) do update set member_id = excluded.member_id, code_hash = excluded.code_hash, attempts = 0,
        requested_at = excluded.requested_at, expires_at = excluded.expires_at, used_at = null
      where sign_in_codes.requested_at <= now() - make_interval(secs => ${SIGN_IN_CODE_GAP_S})
      returning member_id, code_hash
    ), queued as (
      insert into mail_queue (channel, to_address, subject, body, expires_at)
      select 'sms', ${phone},
        case when member.hindi then ${hindi} else ${english} end,
        case when member.hindi then ${SIGN_IN_CODE_TEXTS[hindi](text)} else ${SIGN_IN_CODE_TEXTS[english](text)} end,
        now() + make_interval(secs => ${SIGN_IN_CODE_TTL_S})
      from taken left join member on member.id = taken.member_id
      where taken.code_hash is not null
      returning id
    )
    select member_id from taken`,
  );
  if (rows.length > 0) return { taken: true };
  return { taken: false, retryAfterSeconds: Math.max(1, await secondsUntilNextRequest(db, keys, phone)) };
}

export interface SignedInMember {
  memberId: number;
  loginId: string;
  role: Role;
  disabled: boolean;
}

/**
 * Checks a code for the number and spends it. Every try counts before comparing (one
 * statement, so parallel guesses cannot pass the limit); the fifth wrong one ends the code.
 * Answers the member the number belongs to, or throws a 400 naming `code`. A right code for a
 * number of no member creates the household `signUp` describes, in the transaction that
 * spends the code (two verifies racing with one code create one); without `signUp` it is a
 * 400 ("Sign up first") and the code stays unspent, so the sign-up form can send it again.
 */
export async function verifySignInCode(db: Database, keys: SigningKeySet, phone: string, code: string, signUp?: HouseholdSignUpInput): Promise<SignedInMember> {
  if (signUp) await assertSignUpCity(db, signUp);
  const phoneKey = phoneKeyOf(keys, phone);
  const [tried] = await queryRows<{ code_hash: string | null; attempts: number }>(
    db,
    sql`update sign_in_codes set attempts = attempts + 1
        where phone_key = ${phoneKey} and used_at is null and attempts < ${SIGN_IN_CODE_MAX_ATTEMPTS} and expires_at > now()
        returning code_hash, attempts`,
  );
  if (!tried) throw fieldError('code', await whyNoCode(db, phoneKey));
  const given = codeHashOf(keys, phoneKey, code);
  const expected = tried.code_hash === null ? null : Buffer.from(tried.code_hash, 'hex');
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw fieldError('code', tried.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS ? CODE_MESSAGES.tooManyWrong : CODE_MESSAGES.wrong);
  }
  try {
    return await db.transaction(async (tx) => spendCode(tx, { phoneKey, phone, codeHash: tried.code_hash!, signUp }));
  } catch (error) {
    // The right code of a number that is nobody's yet: the try is given back with the code.
    if (error instanceof HttpError && error.errors?.code?.[0] === CODE_MESSAGES.noAccount) {
      await db.execute(sql`update sign_in_codes set attempts = greatest(attempts - 1, 0) where phone_key = ${phoneKey} and used_at is null`);
    }
    throw error;
  }
}

/**
 * Spends a right code, only if still unspent: two verifies racing with one code queue on its
 * row, and the second finds it spent. A member's code signs that member in (as long as the
 * number is still its); a sign-up code the member the number belongs to now, else the new household.
 */
async function spendCode(tx: DbOrTx, spend: { phoneKey: string; phone: string; codeHash: string; signUp: HouseholdSignUpInput | undefined }): Promise<SignedInMember> {
  const spent = await queryRow<{ member_id: number | null }>(
    tx,
    sql`update sign_in_codes set used_at = now()
        where phone_key = ${spend.phoneKey} and used_at is null and code_hash = ${spend.codeHash}
        returning member_id`,
  );
  if (!spent) throw fieldError('code', CODE_MESSAGES.none);
  const member = await queryRow<{ id: number; login_id: string; role: Role; disabled: boolean }>(
    tx,
    sql`select m.id, m.login_id, m.role, m.disabled_at is not null as disabled from members m
        where m.phone = ${spend.phone} ${spent.member_id === null ? sql`` : sql`and m.id = ${spent.member_id}`}`,
  );
  if (member) return { memberId: member.id, loginId: member.login_id, role: member.role, disabled: member.disabled };
  // A member's code whose number has moved on to nobody, or a stranger's without a sign-up.
  if (spent.member_id !== null) throw fieldError('code', CODE_MESSAGES.none);
  if (!spend.signUp) throw fieldError('code', CODE_MESSAGES.noAccount);
  const created = await createHousehold(tx, spend.phone, spend.signUp);
  return { memberId: created.memberId, loginId: created.loginId, role: 'household', disabled: false };
}

/** Why a number has no code to try: none (or spent), too many wrong tries, or past its time. */
async function whyNoCode(db: Database, phoneKey: string): Promise<string> {
  const row = await queryRow<{ used: boolean; attempts: number; expired: boolean }>(
    db,
    sql`select used_at is not null as used, attempts, expires_at <= now() as expired from sign_in_codes where phone_key = ${phoneKey}`,
  );
  if (!row || row.used) return CODE_MESSAGES.none;
  if (row.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) return CODE_MESSAGES.tooManyWrong;
  return CODE_MESSAGES.expired;
}

/**
 * Deletes rows whose code and whose gap are both over (the scheduler, under its prune lock):
 * nothing of a number outlives its 5 minutes by more than a tick. Answers how many.
 */
export async function pruneSignInCodes(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ phone_key: string }>(
    db,
    sql`delete from sign_in_codes where expires_at <= now() and requested_at <= now() - make_interval(secs => ${SIGN_IN_CODE_GAP_S}) returning phone_key`,
  );
  return rows.length;
}
