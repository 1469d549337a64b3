import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, members } from '../../db/tables/members.table';
import { drivers, stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('accounts an admin creates on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let cityId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    cityId = (await ctx.factories.cityIds())[1]!;
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, who: Pick<TestMember, 'headers'> | null, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload });
  const memberCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
  // A member's phone is unique among members (design.md section 20): each driver has its own.
  let phoneSeq = 77777;
  const driverBody = (loginId: string, phone = `+91 98200 ${phoneSeq++}`) => ({ login_id: loginId, password: 'driver-pass-1', name: 'Dinesh', phone, city_id: cityId, vehicle_number: ' mh12 ab 1234 ' });

  describe('POST /drivers', () => {
    it('creates a verified, approved driver in its city who can sign in', async () => {
      const res = await post('/drivers/', admin, driverBody('New.Driver@Example.in', '+91 98200 77770'));
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ login_id: 'new.driver@example.in', role: 'driver', is_verified: true, approval_status: 'approved', store_id: null, vendor_id: null });
      const [driver] = await ctx.db.select().from(drivers).where(eq(drivers.id, body.driver_id));
      expect(driver).toMatchObject({ cityId, vehicleNumber: 'MH12 AB 1234', phone: '+919820077770' });
      const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, body.id));
      expect(identity!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const login = await post('/auth/login', null, { login_id: 'new.driver@example.in', password: 'driver-pass-1' });
      expect(login.statusCode).toBe(200);
      const me = await ctx.app.inject({ method: 'GET', url: '/members/new.driver@example.in', headers: { authorization: `Bearer ${login.json().access_token}` } });
      expect(me.json()).toMatchObject({ driver_id: body.driver_id, is_verified: true });
    });

    it('answers a taken login id 409 and an unknown city 400 naming city_id, creating nothing', async () => {
      await post('/drivers', admin, driverBody('dup.driver@example.in'));
      const before = await memberCount();
      const driversBefore = (await ctx.db.select().from(drivers)).length;
      const dup = await post('/drivers', admin, driverBody('DUP.driver@example.in'));
      expect(dup.statusCode).toBe(409);
      const city = await post('/drivers', admin, { ...driverBody('nocity.driver@example.in'), city_id: 999_999 });
      expect(city.statusCode).toBe(400);
      expect(city.json().errors).toHaveProperty('city_id');
      expect(await memberCount()).toBe(before);
      expect((await ctx.db.select().from(drivers)).length).toBe(driversBefore);
    });

    it.each(['login_id', 'password', 'name', 'phone', 'city_id', 'vehicle_number'])('answers a missing %s 400 naming it', async (field) => {
      const body: Record<string, unknown> = driverBody(`missing-${field}@example.in`);
      delete body[field];
      const before = await memberCount();
      const res = await post('/drivers', admin, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
      expect(await memberCount()).toBe(before);
    });

    it('is for admins only', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      expect((await post('/drivers', vendor, driverBody('sneaky@example.in'))).statusCode).toBe(403);
      expect((await post('/drivers', null, driverBody('sneaky@example.in'))).statusCode).toBe(401);
      const unverifiedAdmin = await ctx.factories.createMember('admin', { verified: false });
      expect((await post('/drivers', unverifiedAdmin, driverBody('sneaky@example.in'))).statusCode).toBe(403);
    });
  });

  describe('POST /admins', () => {
    it('creates another admin who can sign in and approve', async () => {
      const res = await post('/admins/', admin, { login_id: 'second.admin@example.in', password: 'admin-pass-2', name: 'Second Admin' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ role: 'admin', is_verified: true, approval_status: 'approved', store_id: null, vendor_id: null, driver_id: null });
      const login = await post('/auth/login', null, { login_id: 'second.admin@example.in', password: 'admin-pass-2' });
      const list = await ctx.app.inject({ method: 'GET', url: '/members', headers: { authorization: `Bearer ${login.json().access_token}` } });
      expect(list.statusCode).toBe(200);
    });

    it('answers a short password 400 naming it, and a taken login id 409', async () => {
      const short = await post('/admins', admin, { login_id: 'short.admin@example.in', password: '12345', name: 'Short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toHaveProperty('password');
      expect((await post('/admins', admin, { login_id: admin.loginId, password: 'admin-pass-2', name: 'Again' })).statusCode).toBe(409);
    });

    it('is for admins only', async () => {
      const store = await ctx.factories.createMember('store');
      expect((await post('/admins', store, { login_id: 'self.made@example.in', password: 'admin-pass-2', name: 'Me' })).statusCode).toBe(403);
      expect((await ctx.db.select().from(members).where(eq(members.loginId, 'self.made@example.in'))).length).toBe(0);
    });
  });

  describe('PATCH /stores/{id}', () => {
    it('assigns a store to a vendor, and the store member follows', async () => {
      const first = await ctx.factories.createMember('vendor');
      const second = await ctx.factories.createMember('vendor');
      const store = await ctx.factories.createMember('store', { vendorId: first.vendorId });
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/`, headers: admin.headers, payload: { vendor_id: second.vendorId } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: store.storeId, vendor_id: second.vendorId, city_id: expect.any(Number), name: expect.any(String) });
      const me = await ctx.app.inject({ method: 'GET', url: `/members/${store.loginId}`, headers: store.headers });
      expect(me.json().vendor_id).toBe(second.vendorId);
    });

    it('answers an unknown store or vendor 404 and a bad vendor_id 400, changing nothing', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const store = await ctx.factories.createMember('store', { vendorId: vendor.vendorId });
      const noStore = await ctx.app.inject({ method: 'PATCH', url: '/stores/987654', headers: admin.headers, payload: { vendor_id: vendor.vendorId } });
      expect(noStore.statusCode).toBe(404);
      const noVendor = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}`, headers: admin.headers, payload: { vendor_id: 987_654 } });
      expect(noVendor.statusCode).toBe(404);
      expect(noVendor.json().errors).toHaveProperty('vendor_id');
      const bad = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}`, headers: admin.headers, payload: { vendor_id: -1 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('vendor_id');
      const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.storeId!));
      expect(row!.vendorId).toBe(vendor.vendorId);
    });

    it('is for admins only', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const store = await ctx.factories.createMember('store', { vendorId: null });
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}`, headers: vendor.headers, payload: { vendor_id: vendor.vendorId } });
      expect(res.statusCode).toBe(403);
      const [row] = await ctx.db.select().from(stores).where(eq(stores.id, store.storeId!));
      expect(row!.vendorId).toBeNull();
    });
  });
});
