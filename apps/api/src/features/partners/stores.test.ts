import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('stores on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    vendorA: 'vendor',
    vendorB: 'vendor',
    storeA1: ['store', (w) => ({ vendorId: w.vendorA.vendorId })],
    storeA2: ['store', (w) => ({ vendorId: w.vendorA.vendorId, cityId: w.cityIds[1] })],
    storeB: ['store', (w) => ({ vendorId: w.vendorB.vendorId })],
    driver: 'driver',
  });

  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  const ids = (body: Array<{ id: number }>) => body.map((s) => s.id);

  it('shows a vendor only its own stores, newest first', async () => {
    const res = await get('/stores', ctx.vendorA);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([ctx.storeA2.storeId, ctx.storeA1.storeId]);
    expect(res.headers['x-total-count']).toBe('2');
    // Asking for another vendor's stores finds none rather than leaking them.
    expect(ids((await get(`/stores?vendor_id=${ctx.vendorB.vendorId}`, ctx.vendorA)).json())).toEqual([]);
  });

  it('shows a store only itself, and an admin every store', async () => {
    expect(ids((await get('/stores', ctx.storeA1)).json())).toEqual([ctx.storeA1.storeId]);
    const all = await get('/stores', ctx.admin);
    expect(ids(all.json())).toEqual(expect.arrayContaining([ctx.storeA1.storeId, ctx.storeA2.storeId, ctx.storeB.storeId]));
  });

  it('answers a store of another vendor 404, its own 200', async () => {
    expect((await get(`/stores/${ctx.storeB.storeId}`, ctx.vendorA)).statusCode).toBe(404);
    expect((await get(`/stores/${ctx.storeB.storeId}`, ctx.storeA1)).statusCode).toBe(404);
    const own = await get(`/stores/${ctx.storeA1.storeId}`, ctx.vendorA);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: ctx.storeA1.storeId,
      vendor: { id: ctx.vendorA.vendorId, company_name: expect.any(String) },
      member: { id: ctx.storeA1.id, login_id: ctx.storeA1.loginId, role: 'store' },
      order_count: 0,
      staff_count: 0,
      city: { id: ctx.cityIds[0] },
    });
  });

  it('refuses drivers (403)', async () => {
    expect((await get('/stores', ctx.driver)).statusCode).toBe(403);
  });

  it('filters by vendor, city, assignment and search', async () => {
    expect(ids((await get(`/stores?vendor_id=${ctx.vendorB.vendorId}`, ctx.admin)).json())).toEqual([ctx.storeB.storeId]);
    expect(ids((await get(`/stores?city_id=${ctx.cityIds[1]}`, ctx.admin)).json())).toEqual([ctx.storeA2.storeId]);
    const orphan = await ctx.factories.createMember('store', { vendorId: null, verified: false });
    expect(ids((await get('/stores?unassigned=true', ctx.admin)).json())).toEqual([orphan.storeId]);
    expect(ids((await get('/stores?approval_status=pending', ctx.admin)).json())).toEqual([orphan.storeId]);
    const [row] = await ctx.db.select({ name: stores.name }).from(stores).where(eq(stores.id, ctx.storeB.storeId!));
    expect(ids((await get(`/stores?search=${encodeURIComponent(row!.name.toLowerCase())}`, ctx.admin)).json())).toEqual([ctx.storeB.storeId]);
    expect((await get('/stores?unassigned=maybe', ctx.admin)).statusCode).toBe(400);
  });

  describe('adding a store', () => {
    // A member's phone is unique among members (design.md section 20): each store has its own.
    let phoneSeq = 10;
    const body = (extra: Record<string, unknown> = {}) => ({
      login_id: `store.${Math.random().toString(36).slice(2, 8)}@example.in`,
      password: 'secret-123',
      name: 'Shree Kabadi',
      contact_name: 'Ramesh Patil',
      phone: `098200-000${phoneSeq++}`,
      city_id: ctx.cityIds[0],
      address: '3 Market Yard',
      ...extra,
    });

    it('makes a vendor\'s new store its own, with a verified account', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/stores/', headers: ctx.vendorA.headers, payload: body() });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Shree Kabadi',
        vendor: { id: ctx.vendorA.vendorId },
        member: { name: 'Ramesh Patil', is_verified: true, approval_status: 'approved', role: 'store' },
      });
    });

    it('refuses a vendor adding a store for another vendor, naming vendor_id', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.vendorA.headers, payload: body({ vendor_id: ctx.vendorB.vendorId }) });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['vendor_id']);
    });

    it('lets an admin choose the vendor, or none yet', async () => {
      const chosen = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.admin.headers, payload: body({ vendor_id: ctx.vendorB.vendorId }) });
      expect(chosen.statusCode).toBe(201);
      expect(chosen.json().vendor.id).toBe(ctx.vendorB.vendorId);
      const none = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.admin.headers, payload: body() });
      expect(none.statusCode).toBe(201);
      expect(none.json().vendor).toBeNull();
    });

    it('refuses an unknown vendor or city, naming the field, and creates nothing', async () => {
      const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      const vendor = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.admin.headers, payload: body({ vendor_id: 999_999 }) });
      expect(vendor.statusCode).toBe(400);
      expect(Object.keys(vendor.json().errors)).toEqual(['vendor_id']);
      const city = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.admin.headers, payload: body({ city_id: 999_999 }) });
      expect(city.statusCode).toBe(400);
      expect(Object.keys(city.json().errors)).toEqual(['city_id']);
      const contact = await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.admin.headers, payload: body({ contact_name: '' }) });
      expect(Object.keys(contact.json().errors)).toEqual(['contact_name']);
      const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses stores adding stores (403)', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/stores', headers: ctx.storeA1.headers, payload: body() })).statusCode).toBe(403);
    });
  });

  describe('changing a store\'s information', () => {
    it('lets the store itself and its vendor change it', async () => {
      const own = await ctx.app.inject({ method: 'PATCH', url: `/stores/${ctx.storeA1.storeId}/info`, headers: ctx.storeA1.headers, payload: { name: 'Renamed Store' } });
      expect(own.statusCode).toBe(200);
      expect(own.json().name).toBe('Renamed Store');
      const byVendor = await ctx.app.inject({ method: 'PATCH', url: `/stores/${ctx.storeA1.storeId}/info/`, headers: ctx.vendorA.headers, payload: { address: '9 New Road', phone: '+91 90000 00000' } });
      expect(byVendor.json()).toMatchObject({ name: 'Renamed Store', address: '9 New Road', phone: '+919000000000' });
    });

    it('answers another vendor\'s store 404 and leaves it unchanged', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${ctx.storeB.storeId}/info`, headers: ctx.vendorA.headers, payload: { name: 'Taken over' } });
      expect(res.statusCode).toBe(404);
      const other = await ctx.app.inject({ method: 'PATCH', url: `/stores/${ctx.storeB.storeId}/info`, headers: ctx.storeA1.headers, payload: { name: 'Taken over' } });
      expect(other.statusCode).toBe(404);
      const [row] = await ctx.db.select({ name: stores.name }).from(stores).where(eq(stores.id, ctx.storeB.storeId!));
      expect(row!.name).not.toBe('Taken over');
    });

    it('refuses a bad phone, naming it', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${ctx.storeA1.storeId}/info`, headers: ctx.storeA1.headers, payload: { phone: 'abc' } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['phone']);
    });
  });
});
