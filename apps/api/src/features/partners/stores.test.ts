import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('stores on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let vendorA: TestMember;
  let vendorB: TestMember;
  let storeA1: TestMember;
  let storeA2: TestMember;
  let storeB: TestMember;
  let driver: TestMember;
  let cityIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    cityIds = await ctx.factories.cityIds();
    admin = await ctx.factories.createMember('admin');
    vendorA = await ctx.factories.createMember('vendor');
    vendorB = await ctx.factories.createMember('vendor');
    storeA1 = await ctx.factories.createMember('store', { vendorId: vendorA.vendorId });
    storeA2 = await ctx.factories.createMember('store', { vendorId: vendorA.vendorId, cityId: cityIds[1] });
    storeB = await ctx.factories.createMember('store', { vendorId: vendorB.vendorId });
    driver = await ctx.factories.createMember('driver');
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  const ids = (body: Array<{ id: number }>) => body.map((s) => s.id);

  it('shows a vendor only its own stores, newest first', async () => {
    const res = await get('/stores', vendorA);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([storeA2.storeId, storeA1.storeId]);
    expect(res.headers['x-total-count']).toBe('2');
    // Asking for another vendor's stores finds none rather than leaking them.
    expect(ids((await get(`/stores?vendor_id=${vendorB.vendorId}`, vendorA)).json())).toEqual([]);
  });

  it('shows a store only itself, and an admin every store', async () => {
    expect(ids((await get('/stores', storeA1)).json())).toEqual([storeA1.storeId]);
    const all = await get('/stores', admin);
    expect(ids(all.json())).toEqual(expect.arrayContaining([storeA1.storeId, storeA2.storeId, storeB.storeId]));
  });

  it('answers a store of another vendor 404, its own 200', async () => {
    expect((await get(`/stores/${storeB.storeId}`, vendorA)).statusCode).toBe(404);
    expect((await get(`/stores/${storeB.storeId}`, storeA1)).statusCode).toBe(404);
    const own = await get(`/stores/${storeA1.storeId}`, vendorA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: storeA1.storeId,
      vendor: { id: vendorA.vendorId, company_name: expect.any(String) },
      member: { id: storeA1.id, login_id: storeA1.loginId, role: 'store' },
      order_count: 0,
      staff_count: 0,
      city: { id: cityIds[0] },
    });
  });

  it('refuses drivers (403)', async () => {
    expect((await get('/stores', driver)).statusCode).toBe(403);
  });

  it('filters by vendor, city, assignment and search', async () => {
    expect(ids((await get(`/stores?vendor_id=${vendorB.vendorId}`, admin)).json())).toEqual([storeB.storeId]);
    expect(ids((await get(`/stores?city_id=${cityIds[1]}`, admin)).json())).toEqual([storeA2.storeId]);
    const orphan = await ctx.factories.createMember('store', { vendorId: null, verified: false });
    expect(ids((await get('/stores?unassigned=true', admin)).json())).toEqual([orphan.storeId]);
    expect(ids((await get('/stores?approval_status=pending', admin)).json())).toEqual([orphan.storeId]);
    const [row] = await ctx.db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeB.storeId!));
    expect(ids((await get(`/stores?search=${encodeURIComponent(row!.name.toLowerCase())}`, admin)).json())).toEqual([storeB.storeId]);
    expect((await get('/stores?unassigned=maybe', admin)).statusCode).toBe(400);
  });

  describe('adding a store', () => {
    const body = (extra: Record<string, unknown> = {}) => ({
      login_id: `store.${Math.random().toString(36).slice(2, 8)}@example.in`,
      password: 'secret-123',
      name: 'Shree Kabadi',
      contact_name: 'Ramesh Patil',
      phone: '098200-00009',
      city_id: cityIds[0],
      address: '3 Market Yard',
      ...extra,
    });

    it('makes a vendor\'s new store its own, with a verified account', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/stores/', headers: vendorA.headers, payload: body() });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Shree Kabadi',
        vendor: { id: vendorA.vendorId },
        member: { name: 'Ramesh Patil', is_verified: true, approval_status: 'approved', role: 'store' },
      });
    });

    it('refuses a vendor adding a store for another vendor, naming vendor_id', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/stores', headers: vendorA.headers, payload: body({ vendor_id: vendorB.vendorId }) });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['vendor_id']);
    });

    it('lets an admin choose the vendor, or none yet', async () => {
      const chosen = await ctx.app.inject({ method: 'POST', url: '/stores', headers: admin.headers, payload: body({ vendor_id: vendorB.vendorId }) });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json().vendor.id).toBe(vendorB.vendorId);
      const none = await ctx.app.inject({ method: 'POST', url: '/stores', headers: admin.headers, payload: body() });
      expect(none.statusCode).toBe(201);
      expect(none.json().vendor).toBeNull();
    });

    it('refuses an unknown vendor or city, naming the field, and creates nothing', async () => {
      const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      const vendor = await ctx.app.inject({ method: 'POST', url: '/stores', headers: admin.headers, payload: body({ vendor_id: 999_999 }) });
      expect(vendor.statusCode).toBe(400);
      expect(Object.keys(vendor.json().errors)).toEqual(['vendor_id']);
      const city = await ctx.app.inject({ method: 'POST', url: '/stores', headers: admin.headers, payload: body({ city_id: 999_999 }) });
      expect(city.statusCode).toBe(400);
      expect(Object.keys(city.json().errors)).toEqual(['city_id']);
      const contact = await ctx.app.inject({ method: 'POST', url: '/stores', headers: admin.headers, payload: body({ contact_name: '' }) });
      expect(Object.keys(contact.json().errors)).toEqual(['contact_name']);
      const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses stores adding stores (403)', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/stores', headers: storeA1.headers, payload: body() })).statusCode).toBe(403);
    });
  });

  describe('changing a store\'s information', () => {
    it('lets the store itself and its vendor change it', async () => {
      const own = await ctx.app.inject({ method: 'PATCH', url: `/stores/${storeA1.storeId}/info`, headers: storeA1.headers, payload: { name: 'Renamed Store' } });
      expect(own.statusCode).toBe(200);
      expect(own.json().name).toBe('Renamed Store');
      const byVendor = await ctx.app.inject({ method: 'PATCH', url: `/stores/${storeA1.storeId}/info/`, headers: vendorA.headers, payload: { address: '9 New Road', phone: '+91 90000 00000' } });
      expect(byVendor.json()).toMatchObject({ name: 'Renamed Store', address: '9 New Road', phone: '+91 90000 00000' });
    });

    it('answers another vendor\'s store 404 and leaves it unchanged', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${storeB.storeId}/info`, headers: vendorA.headers, payload: { name: 'Taken over' } });
      expect(res.statusCode).toBe(404);
      const other = await ctx.app.inject({ method: 'PATCH', url: `/stores/${storeB.storeId}/info`, headers: storeA1.headers, payload: { name: 'Taken over' } });
      expect(other.statusCode).toBe(404);
      const [row] = await ctx.db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeB.storeId!));
      expect(row!.name).not.toBe('Taken over');
    });

    it('refuses a bad phone, naming it', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${storeA1.storeId}/info`, headers: storeA1.headers, payload: { phone: 'abc' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['phone']);
    });
  });
});
