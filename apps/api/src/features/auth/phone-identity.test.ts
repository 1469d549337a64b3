import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_PHONE } from '../../auth/member-accounts';
import { members } from '../../db/tables/members.table';
import { settings } from '../../db/tables/settings.table';
import { stores } from '../../db/tables/partners.table';
import type { TestMember } from '../../test/factories';
import { givePhone, newPhone } from '../../test/phones';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// A phone number is an identity (design.md section 20): E.164, one member per number.
const RELAXED = 'signup.address=1000/60,signup.login_id=1000/60';
const MIGRATION = path.resolve(import.meta.dirname, '../../db/migrations/0020_phone_identity.sql');

let seq = 0;
const loginId = (what: string) => `${what}-${++seq}-${Date.now()}@phones.example.in`;

describe.each(TEST_DB_KINDS)('phones as identities on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let cityId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: RELAXED } });
    admin = await ctx.factories.createMember('admin');
    cityId = (await ctx.factories.cityIds())[0]!;
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload, headers });
  const signup = (phone: string) =>
    post('/auth/signup', { login_id: loginId('signup'), password: 'secret-pass', name: 'Sunil', phone, member_type: 'store', store: { name: 'Shop', city_id: cityId, address: '1 Road' } });
  const expectTaken = (res: { statusCode: number; json(): { detail: string; errors: unknown } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: DUPLICATE_PHONE, errors: { phone: [DUPLICATE_PHONE] } });
  };

  it('keeps the number in E.164 however it was written', async () => {
    const phone = newPhone();
    const res = await signup(`0${phone.slice(3, 8)}-${phone.slice(8)}`);
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select({ phone: members.phone }).from(members).where(eq(members.loginId, res.json().login_id));
    expect(row!.phone).toBe(phone);
  });

  it('refuses a number another member has, at sign-up and for every account an admin or vendor adds, naming phone', async () => {
    const taken = await givePhone(ctx.db, (await ctx.factories.createMember('driver')).id);
    const written = `+91 ${taken.slice(3, 8)} ${taken.slice(8)}`;
    const before = (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
    expectTaken(await signup(written));
    expectTaken(await post('/drivers/', { login_id: loginId('driver'), password: 'secret-pass', name: 'Dinesh', phone: written, city_id: cityId, vehicle_number: 'MH12 AB 1' }, admin.headers));
    expectTaken(await post('/vendors/', { login_id: loginId('vendor'), password: 'secret-pass', name: 'Neha', phone: written, company_name: 'Naik', city_id: cityId, address: '7 Road' }, admin.headers));
    expectTaken(await post('/stores/', { login_id: loginId('store'), password: 'secret-pass', name: 'Shree', contact_name: 'Ramesh', phone: written, city_id: cityId, address: '3 Yard' }, admin.headers));
    expect((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n).toBe(before);
  });

  it('lets one of two racing sign-ups with one number win; the other hears it is taken', async () => {
    const phone = newPhone();
    const results = await Promise.all([1, 2, 3].map(() => signup(phone)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const lost of results.filter((r) => r.statusCode === 409)) expect(Object.keys(lost.json().errors)).toEqual(['phone']);
    expect(await ctx.db.select().from(members).where(eq(members.phone, phone))).toHaveLength(1);
  });

  it('lets a store, a vendor and staff share a number with a member: only members\' numbers are identities', async () => {
    const phone = await givePhone(ctx.db, (await ctx.factories.createMember('vendor')).id);
    const store = await ctx.factories.createMember('store');
    const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/info/`, headers: store.headers, payload: { phone } });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe(phone);
  });

  // The normalisation of migration 0020, run again on rows as older versions let people write
  // them (the unique index comes off for that, and back on as the migration puts it).
  it('normalises existing phones as migration 0020 does', async () => {
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const upToIndex = statements.slice(0, statements.findIndex((s) => s.includes('CREATE UNIQUE INDEX "members_phone_uq"')) + 1);
    const written = ['98200 55501', '+91 98200-55501', '020 2553 1234', 'call me', '+1 415 555 2671', '0091 (98200) 55502', '919820055503', null];
    const made: number[] = [];
    for (let i = 0; i < written.length; i++) made.push((await ctx.factories.createMember('store')).id);
    const [store] = await ctx.db.select({ storeId: members.storeId }).from(members).where(eq(members.id, made[2]!));
    await ctx.db.execute(sql`drop index members_phone_uq`);
    try {
      for (const [i, phone] of written.entries()) await ctx.db.update(members).set({ phone }).where(eq(members.id, made[i]!));
      await ctx.db.update(stores).set({ phone: '020 2553 1234' }).where(eq(stores.id, store!.storeId!));
      await ctx.db.insert(settings).values({ key: 'information', value: { name: 'K', address: '', phone: '020-2553 1234', email: '', gstin: '' } }).onConflictDoUpdate({ target: settings.key, set: { value: { name: 'K', address: '', phone: '020-2553 1234', email: '', gstin: '' } } });
      for (const statement of upToIndex) await ctx.db.execute(sql.raw(statement));
    } finally {
      await ctx.db.execute(sql`create unique index if not exists members_phone_uq on members (phone) where phone is not null`);
    }
    const rows = await ctx.db.select({ id: members.id, phone: members.phone }).from(members).where(inArray(members.id, made));
    const byId = new Map(rows.map((r) => [r.id, r.phone]));
    // The earlier member keeps a number two had; what cannot be a mobile number goes.
    expect(made.map((id) => byId.get(id))).toEqual(['+919820055501', null, null, null, '+14155552671', '+919820055502', '+919820055503', null]);
    // A store's landline stays its number, in E.164; so does the company's.
    expect((await ctx.db.select({ phone: stores.phone }).from(stores).where(eq(stores.id, store!.storeId!)))[0]!.phone).toBe('+912025531234');
    const [information] = await ctx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'information'));
    expect((information!.value as { phone: string }).phone).toBe('+912025531234');
  });
});
