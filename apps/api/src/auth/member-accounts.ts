import { eq, sql } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import type { Database, DbOrTx } from '../db/database';
import { cities } from '../db/tables/geography.table';
import { identities, members } from '../db/tables/members.table';
import { drivers, stores, vendors } from '../db/tables/partners.table';
import { HttpError, fieldError } from '../http/http-error';

/** The business record a new member stands for; its kind is the member's role. */
export type NewPartner =
  | { kind: 'store'; name: string; cityId: number; address: string }
  | { kind: 'vendor'; companyName: string; cityId: number; address: string }
  | { kind: 'driver'; cityId: number; vehicleNumber: string }
  | { kind: 'admin' };

export interface NewAccount {
  loginId: string;
  name: string;
  phone: string | null;
  partner: NewPartner;
  /** Sign-ups wait for an admin; accounts an admin creates are approved at once. */
  approved: boolean;
  /** A local password (already hashed), or a hosted pool that holds the password. */
  credential: { provider: 'local'; passwordHash: string } | { provider: 'cognito' };
  /** The request field that carries the city, named in a 400 when the city is unknown. */
  cityField: string;
}

export interface CreatedAccount {
  memberId: number;
  loginId: string;
  role: Role;
  isVerified: boolean;
}

export const DUPLICATE_ACCOUNT = 'An account with this e-mail address already exists. Sign in, or reset the password.';
export const DUPLICATE_PHONE = 'An account with this mobile number already exists. Sign in with it, or give another number.';
const UNKNOWN_CITY = 'Unknown city: choose one from the list';
const duplicateAccount = () => new HttpError(409, DUPLICATE_ACCOUNT, { login_id: [DUPLICATE_ACCOUNT] });
// A phone is an identity (design.md section 20): taken is reported as a taken login id is.
export const duplicatePhone = () => new HttpError(409, DUPLICATE_PHONE, { phone: [DUPLICATE_PHONE] });
const MEMBERS_PHONE_INDEX = 'members_phone_uq';

/** The SQLSTATE of a database error, through drizzle's wrapping (pg and PGlite alike). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names, through drizzle's wrapping (pg and PGlite alike). */
function sqlConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** A unique violation of one member per phone (the index decides when two requests race). */
export const isTakenPhone = (error: unknown): boolean => sqlState(error) === '23505' && sqlConstraint(error) === MEMBERS_PHONE_INDEX;

/** 409 naming `phone` when a member has this number: checked before the slow password hash. */
export async function assertPhoneFree(db: DbOrTx, phone: string | null): Promise<void> {
  if (phone === null) return;
  const rows = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone)).limit(1);
  if (rows.length > 0) throw duplicatePhone();
}

export async function loginIdTaken(db: Database, loginId: string): Promise<boolean> {
  const rows = await db.select({ id: members.id }).from(members).where(eq(sql`lower(${members.loginId})`, loginId.toLowerCase())).limit(1);
  return rows.length > 0;
}

/**
 * Creates a member with its identity and its store, vendor or driver record, all or
 * nothing. A taken login id or phone is 409 naming it (the unique indexes decide when two
 * sign-ups race); an unknown city is 400 naming the field.
 */
export async function createAccount(db: Database, account: NewAccount): Promise<CreatedAccount> {
  const loginId = account.loginId.toLowerCase();
  const { partner } = account;
  if (partner.kind !== 'admin') {
    const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, partner.cityId)).limit(1);
    if (!city) throw fieldError(account.cityField, UNKNOWN_CITY);
  }
  if (await loginIdTaken(db, loginId)) throw duplicateAccount();
  await assertPhoneFree(db, account.phone);
  try {
    return await db.transaction(async (tx) => {
      let vendorId: number | null = null;
      let storeId: number | null = null;
      let driverId: number | null = null;
      if (partner.kind === 'vendor') {
        const [row] = await tx
          .insert(vendors)
          .values({ companyName: partner.companyName, cityId: partner.cityId, address: partner.address, phone: account.phone })
          .returning({ id: vendors.id });
        vendorId = row!.id;
      } else if (partner.kind === 'store') {
        // A new store has no vendor yet: its vendor adds it, or an admin assigns one.
        const [row] = await tx
          .insert(stores)
          .values({ name: partner.name, cityId: partner.cityId, address: partner.address, phone: account.phone })
          .returning({ id: stores.id });
        storeId = row!.id;
      } else if (partner.kind === 'driver') {
        const [row] = await tx
          .insert(drivers)
          .values({ cityId: partner.cityId, vehicleNumber: partner.vehicleNumber, phone: account.phone })
          .returning({ id: drivers.id });
        driverId = row!.id;
      }
      const [member] = await tx
        .insert(members)
        .values({
          loginId,
          name: account.name,
          phone: account.phone,
          role: partner.kind,
          isVerified: account.approved,
          approvalStatus: account.approved ? 'approved' : 'pending',
          vendorId,
          storeId,
          driverId,
        })
        .returning({ id: members.id, role: members.role, isVerified: members.isVerified });
      await tx.insert(identities).values({
        memberId: member!.id,
        provider: account.credential.provider,
        subject: loginId,
        passwordHash: account.credential.provider === 'local' ? account.credential.passwordHash : null,
        passwordChangedAt: account.credential.provider === 'local' ? new Date() : null,
      });
      return { memberId: member!.id, loginId, role: member!.role, isVerified: member!.isVerified };
    });
  } catch (error) {
    if (isTakenPhone(error)) throw duplicatePhone();
    if (sqlState(error) === '23505') throw duplicateAccount();
    // The city was removed between the check and the insert.
    if (sqlState(error) === '23503') throw fieldError(account.cityField, UNKNOWN_CITY);
    throw error;
  }
}
