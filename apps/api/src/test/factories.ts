import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import type { Database } from '../db/database';
import { cities } from '../db/tables/geography.table';
import { materials } from '../db/tables/materials.table';
import { identities, members } from '../db/tables/members.table';
import { drivers, stores, vendors } from '../db/tables/partners.table';
import { signAccessToken } from '../auth/access-tokens';
import type { SigningKeySet } from '../auth/signing-keys';
import { hashPassword } from '../auth/passwords';
import { newPhone } from './phones';

export const TEST_PASSWORD = 'secret-pass-1';
let passwordHashCache: Promise<string> | null = null;

export interface TestMember {
  id: number;
  loginId: string;
  role: Role;
  token: string;
  /** `{ authorization: 'Bearer ...' }` for app.inject. */
  headers: { authorization: string };
  vendorId: number | null;
  storeId: number | null;
  driverId: number | null;
  cityId: number | null;
  /** A household's phone (its login id); absent for others. */
  phone?: string | null;
}

interface MemberOptions {
  cityId?: number;
  vendorId?: number | null;
  verified?: boolean;
  approvalStatus?: 'pending' | 'approved' | 'cancelled';
  loginId?: string;
}

/** Builds members through the real tables, with a password (TEST_PASSWORD) and a signed token. */
export function createFactories(db: Database, keys: SigningKeySet) {
  const unique = () => randomBytes(4).toString('hex');

  async function cityIds(): Promise<number[]> {
    const rows = await db.select({ id: cities.id }).from(cities).orderBy(asc(cities.id));
    return rows.map((r) => r.id);
  }

  async function materialList() {
    return db.select().from(materials).orderBy(asc(materials.id));
  }

  async function createMember(role: Role, options: MemberOptions = {}): Promise<TestMember> {
    const cityId = options.cityId ?? (await cityIds())[0]!;
    // A household (design.md section 21) signs in with its phone: that is its login id.
    const householdPhone = role === 'household' ? newPhone() : null;
    const loginId = (householdPhone ?? options.loginId ?? `${role}-${unique()}@test.kabadi.in`).toLowerCase();
    let vendorId: number | null = null;
    let storeId: number | null = null;
    let driverId: number | null = null;
    if (role === 'vendor') {
      [{ id: vendorId }] = (await db.insert(vendors).values({ companyName: `Vendor ${unique()}`, cityId, address: '1 Test Road' }).returning({ id: vendors.id })) as [{ id: number }];
    }
    if (role === 'store') {
      const ownerVendor = options.vendorId === undefined ? (await createMember('vendor', { cityId })).vendorId : options.vendorId;
      [{ id: storeId }] = (await db.insert(stores).values({ name: `Store ${unique()}`, cityId, vendorId: ownerVendor, address: '2 Test Road' }).returning({ id: stores.id })) as [{ id: number }];
    }
    if (role === 'household') {
      [{ id: storeId }] = (await db
        .insert(stores)
        .values({ kind: 'household', name: `Household ${unique()}`, cityId, vendorId: null, address: '3 Home Lane', phone: householdPhone, locationLat: 19.07609, locationLng: 72.877426 })
        .returning({ id: stores.id })) as [{ id: number }];
    }
    if (role === 'driver') {
      [{ id: driverId }] = (await db.insert(drivers).values({ cityId, vehicleNumber: `MH12 ${unique()}` }).returning({ id: drivers.id })) as [{ id: number }];
    }
    const verified = options.verified ?? true;
    const [member] = await db
      .insert(members)
      .values({
        loginId,
        name: `${role} ${unique()}`,
        phone: householdPhone,
        role,
        isVerified: verified,
        approvalStatus: options.approvalStatus ?? (verified ? 'approved' : 'pending'),
        vendorId,
        storeId,
        driverId,
      })
      .returning();
    passwordHashCache ??= hashPassword(TEST_PASSWORD);
    // A household has no password: it signs in with a code by SMS.
    if (role !== 'household') await db.insert(identities).values({ memberId: member!.id, provider: 'local', subject: loginId, passwordHash: await passwordHashCache });
    const token = await signAccessToken(keys, { memberId: member!.id, loginId, role });
    let effectiveVendor = vendorId;
    if (role === 'store') {
      const [s] = await db.select({ vendorId: stores.vendorId }).from(stores).where(eq(stores.id, storeId!));
      effectiveVendor = s?.vendorId ?? null;
    }
    return {
      id: member!.id,
      loginId,
      role,
      token,
      headers: { authorization: `Bearer ${token}` },
      vendorId: effectiveVendor,
      storeId,
      driverId,
      cityId: role === 'store' || role === 'driver' || role === 'household' ? cityId : null,
      ...(householdPhone ? { phone: householdPhone } : {}),
    };
  }

  return { createMember, cityIds, materialList };
}

export type Factories = ReturnType<typeof createFactories>;
