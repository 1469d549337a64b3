import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@app/shared/constants';
import type { Database } from '../db/database';
import { cities } from '../db/tables/geography.table';
import { identities, members } from '../db/tables/members.table';
import { drivers, stores, vendors } from '../db/tables/partners.table';
import { hashPassword } from '../auth/passwords';

/** The demo accounts of a dev start, listed in the README. */
export const DEMO_PASSWORD = 'demo1234';
/** Each has a mobile number too, for sign-in with a code (design.md section 20; in dev the code is in DATA_DIR/outbox/sms/). */
export const DEMO_ACCOUNTS: ReadonlyArray<{ loginId: string; name: string; role: Role; phone: string }> = [
  { loginId: 'admin@demo.kabadi.in', name: 'Asha Admin', role: 'admin', phone: '+919820000000' },
  { loginId: 'vendor@demo.kabadi.in', name: 'Vikram Vendor', role: 'vendor', phone: '+919820000001' },
  { loginId: 'store@demo.kabadi.in', name: 'Sunita Store', role: 'store', phone: '+919820000002' },
  { loginId: 'driver@demo.kabadi.in', name: 'Dinesh Driver', role: 'driver', phone: '+919820000003' },
];
export const DEMO_CITY = 'Pune';

/** Whether any demo account is in this database (a production start refuses then). */
export async function demoAccountsExist(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(inArray(sql`lower(${members.loginId})`, DEMO_ACCOUNTS.map((a) => a.loginId)))
    .limit(1);
  return rows.length > 0;
}

export interface DemoIds {
  adminMemberId: number;
  vendorId: number;
  storeId: number;
  driverId: number;
  storeMemberId: number;
  driverMemberId: number;
}

/** Creates the demo admin, vendor, store (of that vendor) and driver, all in one city; idempotent. */
export async function ensureDemoAccounts(db: Database): Promise<DemoIds> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.name, DEMO_CITY)).limit(1);
  if (!city) throw new Error(`reference city ${DEMO_CITY} is missing`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const ids: Partial<DemoIds> = {};
    for (const account of DEMO_ACCOUNTS) {
      const [found] = await tx
        .select()
        .from(members)
        .where(eq(sql`lower(${members.loginId})`, account.loginId))
        .limit(1);
      let member = found;
      if (!member) {
        let vendorId: number | null = null;
        let storeId: number | null = null;
        let driverId: number | null = null;
        if (account.role === 'vendor') {
          [{ id: vendorId }] = (await tx
            .insert(vendors)
            .values({ companyName: 'Vikram Recyclers Pvt Ltd', cityId: city.id, address: '12 FC Road, Shivajinagar', phone: account.phone })
            .returning({ id: vendors.id })) as [{ id: number }];
        }
        if (account.role === 'store') {
          [{ id: storeId }] = (await tx
            .insert(stores)
            .values({ name: 'Sunita Kabadi Store', vendorId: ids.vendorId ?? null, cityId: city.id, address: '5 MG Road, Camp', phone: account.phone })
            .returning({ id: stores.id })) as [{ id: number }];
        }
        if (account.role === 'driver') {
          [{ id: driverId }] = (await tx
            .insert(drivers)
            .values({ cityId: city.id, vehicleNumber: 'MH12 AB 1234', phone: account.phone })
            .returning({ id: drivers.id })) as [{ id: number }];
        }
        [member] = await tx
          .insert(members)
          .values({ loginId: account.loginId, name: account.name, phone: account.phone, role: account.role, isVerified: true, approvalStatus: 'approved', vendorId, storeId, driverId })
          .returning();
        await tx.insert(identities).values({ memberId: member!.id, provider: 'local', subject: account.loginId, passwordHash, passwordChangedAt: new Date() });
      }
      const m = member!;
      // Demo members made before phones were identities get theirs, unless a member has it already.
      if (m.phone === null) {
        await tx.execute(sql`update members set phone = ${account.phone} where id = ${m.id} and not exists (select 1 from members where phone = ${account.phone})`);
      }
      if (account.role === 'admin') ids.adminMemberId = m.id;
      if (account.role === 'vendor') ids.vendorId = m.vendorId!;
      if (account.role === 'store') Object.assign(ids, { storeId: m.storeId!, storeMemberId: m.id });
      if (account.role === 'driver') Object.assign(ids, { driverId: m.driverId!, driverMemberId: m.id });
    }
    // A demo store always belongs to the demo vendor, even if an earlier start left it without one.
    await tx.update(stores).set({ vendorId: ids.vendorId! }).where(and(eq(stores.id, ids.storeId!), sql`${stores.vendorId} is null`));
    return ids as DemoIds;
  });
}
