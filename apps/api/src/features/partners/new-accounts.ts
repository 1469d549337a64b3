import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { cities } from '../../db/tables/geography.table';
import { identities, members } from '../../db/tables/members.table';
import { HttpError, fieldError } from '../../http/http-error';
import { duplicatePhone, isTakenPhone } from '../../auth/member-accounts';
export { assertPhoneFree } from '../../auth/member-accounts';

// Accounts an admin or a vendor creates for a new vendor or store: approved at once,
// with a local password. The record itself is inserted by the caller in the same transaction.

export const DUPLICATE_LOGIN = 'An account with this e-mail address already exists';

export const duplicateLogin = () => new HttpError(409, DUPLICATE_LOGIN, { login_id: [DUPLICATE_LOGIN] });

/** The SQLSTATE of a database error, through drizzle's wrapping (pg and PGlite alike). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export async function assertCityExists(db: DbOrTx, cityId: number, field = 'city_id'): Promise<void> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).limit(1);
  if (!city) throw fieldError(field, 'Unknown city: choose one from the list');
}

/** Checked before the (slow) password hash; the unique index still decides when two requests race. */
export async function assertLoginFree(db: DbOrTx, loginId: string): Promise<void> {
  const [taken] = await db.select({ id: members.id }).from(members).where(eq(sql`lower(${members.loginId})`, loginId.toLowerCase())).limit(1);
  if (taken) throw duplicateLogin();
}

export interface NewMember {
  loginId: string;
  name: string;
  phone: string | null;
  role: 'vendor' | 'store';
  vendorId?: number;
  storeId?: number;
  passwordHash: string;
}

export async function insertApprovedMember(tx: Tx, account: NewMember): Promise<number> {
  const loginId = account.loginId.toLowerCase();
  const [member] = await tx
    .insert(members)
    .values({
      loginId,
      name: account.name,
      phone: account.phone,
      role: account.role,
      isVerified: true,
      approvalStatus: 'approved',
      vendorId: account.vendorId ?? null,
      storeId: account.storeId ?? null,
    })
    .returning({ id: members.id });
  await tx.insert(identities).values({
    memberId: member!.id,
    provider: 'local',
    subject: loginId,
    passwordHash: account.passwordHash,
    passwordChangedAt: new Date(),
  });
  return member!.id;
}

/** Runs `create`, turning a lost race for the login id or the phone into the same 409 as the checks before it. */
export async function withUniqueLogin<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isTakenPhone(error)) throw duplicatePhone();
    if (sqlState(error) === '23505') throw duplicateLogin();
    throw error;
  }
}
