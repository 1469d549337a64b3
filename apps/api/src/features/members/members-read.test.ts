import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { parseNextLink } from '@app/shared/schemas/list';
import { members } from '../../db/tables/members.table';
import { stores } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('reading members on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, who: Pick<TestMember, 'headers'>, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

  describe('GET /members/{loginId}', () => {
    it('answers a member itself with exactly the fields of design.md', async () => {
      const store = await ctx.factories.createMember('store');
      const res = await get(`/members/${store.loginId}`, store);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: store.id,
        login_id: store.loginId,
        name: expect.any(String),
        role: 'store',
        is_verified: true,
        approval_status: 'approved',
        store_id: store.storeId,
        vendor_id: store.vendorId,
        driver_id: null,
      });
    });

    it('gives a store the vendor of its store, a vendor its own, a driver its driver id', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const store = await ctx.factories.createMember('store', { vendorId: vendor.vendorId });
      const driver = await ctx.factories.createMember('driver');
      expect((await get(`/members/${store.loginId}`, store)).json()).toMatchObject({ vendor_id: vendor.vendorId, store_id: store.storeId });
      expect((await get(`/members/${vendor.loginId}`, vendor)).json()).toMatchObject({ vendor_id: vendor.vendorId, store_id: null });
      expect((await get(`/members/${driver.loginId}`, driver)).json()).toMatchObject({ driver_id: driver.driverId, vendor_id: null });
    });

    it('ignores the letter case of the login id', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      expect((await get(`/members/${vendor.loginId.toUpperCase()}`, vendor)).statusCode).toBe(200);
    });

    it('lets an unverified and a rejected member read itself', async () => {
      const pending = await ctx.factories.createMember('store', { verified: false });
      expect((await get(`/members/${pending.loginId}`, pending)).json()).toMatchObject({ is_verified: false, approval_status: 'pending' });
      const rejected = await ctx.factories.createMember('vendor', { verified: false, approvalStatus: 'cancelled' });
      expect((await get(`/members/${rejected.loginId}`, rejected)).json()).toMatchObject({ is_verified: false, approval_status: 'cancelled' });
    });

    it('answers 404 for another member, existing or not, for every role but admin', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const store = await ctx.factories.createMember('store', { vendorId: vendor.vendorId });
      for (const [who, target] of [[store, vendor], [vendor, store], [store, admin], [vendor, { loginId: 'ghost@example.in' }]] as const) {
        const res = await get(`/members/${target.loginId}`, who);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Member not found' });
      }
      const pending = await ctx.factories.createMember('admin', { verified: false });
      expect((await get(`/members/${store.loginId}`, pending)).statusCode).toBe(404);
    });

    it('lets an admin read anyone, and answers 404 for nobody', async () => {
      const driver = await ctx.factories.createMember('driver');
      expect((await get(`/members/${driver.loginId}`, admin)).json()).toMatchObject({ id: driver.id, role: 'driver' });
      expect((await get('/members/ghost@example.in', admin)).statusCode).toBe(404);
    });

    it('needs a token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/members/${admin.loginId}` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /members', () => {
    it('is for admins only', async () => {
      const vendor = await ctx.factories.createMember('vendor');
      const res = await get('/members', vendor);
      expect(res.statusCode).toBe(403);
      const pending = await ctx.factories.createMember('admin', { verified: false });
      expect((await get('/members', pending)).json()).toEqual({ detail: MESSAGES.notVerified });
    });

    it('lists pending sign-ups newest first with what an admin needs to decide', async () => {
      const older = await ctx.factories.createMember('store', { verified: false, vendorId: null });
      const newer = await ctx.factories.createMember('vendor', { verified: false });
      const res = await get('/members?approval_status=pending', admin);
      expect(res.statusCode).toBe(200);
      const items = res.json() as Array<Record<string, unknown>>;
      expect(items.every((m) => m.approval_status === 'pending')).toBe(true);
      const ids = items.map((m) => m.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      const [store] = await ctx.db.select().from(stores).where(eq(stores.id, older.storeId!));
      expect(items.find((m) => m.id === older.id)).toMatchObject({
        login_id: older.loginId,
        role: 'store',
        is_verified: false,
        organisation_name: store!.name,
        city_id: store!.cityId,
        address: store!.address,
        rejection_reason: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(Number(res.headers['x-total-count'])).toBe(items.length);
    });

    it('filters by role and searches login id, name and organisation in any case', async () => {
      const driver = await ctx.factories.createMember('driver');
      const byRole = (await get('/members?role=driver', admin)).json() as Array<{ role: string; id: number }>;
      expect(byRole.every((m) => m.role === 'driver')).toBe(true);
      expect(byRole.map((m) => m.id)).toContain(driver.id);

      const store = await ctx.factories.createMember('store');
      await ctx.db.update(stores).set({ name: 'Shree Ganesh 100%_Kabadi' }).where(eq(stores.id, store.storeId!));
      await ctx.db.update(members).set({ name: 'Meera Joshi' }).where(eq(members.id, store.id));
      for (const q of ['ganesh 100%_kab', 'MEERA', store.loginId.slice(0, 12).toUpperCase()]) {
        const found = (await get(`/members?search=${encodeURIComponent(q)}`, admin)).json() as Array<{ id: number }>;
        expect(found.map((m) => m.id)).toContain(store.id);
      }
      // % and _ are letters in a search, not wildcards.
      expect((await get(`/members?search=${encodeURIComponent('ganesh 1%0')}`, admin)).json()).toEqual([]);
    });

    it('pages with limit and cursor, with Link and X-Total-Count', async () => {
      for (let i = 0; i < 5; i++) await ctx.factories.createMember('vendor');
      const all = (await get('/members?role=vendor&limit=500', admin)).json() as Array<{ id: number }>;
      const seen: number[] = [];
      let url: string | null = '/members?role=vendor&limit=2';
      while (url) {
        const res = await get(url, admin);
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers['x-total-count'])).toBe(all.length);
        const page = res.json() as Array<{ id: number }>;
        expect(page.length).toBeLessThanOrEqual(2);
        seen.push(...page.map((m) => m.id));
        const next = parseNextLink(res.headers.link as string | undefined);
        url = next ? `${new URL(next).pathname}${new URL(next).search}` : null;
      }
      expect(seen).toEqual(all.map((m) => m.id));
    });

    it('answers 304 to If-None-Match while the list is unchanged', async () => {
      const first = await get('/members?approval_status=pending', admin);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await get('/members?approval_status=pending', admin, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await ctx.factories.createMember('store', { verified: false });
      expect((await get('/members?approval_status=pending', admin, { 'if-none-match': etag })).statusCode).toBe(200);
    });

    it.each([
      ['limit', 'limit=0'],
      ['limit', 'limit=501'],
      ['role', 'role=boss'],
      ['approval_status', 'approval_status=maybe'],
      ['cursor', 'cursor=abc'],
    ])('answers a bad %s 400 naming it', async (field, query) => {
      const res = await get(`/members?${query}`, admin);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    });

    it('defaults to 50 a page', async () => {
      for (let i = 0; i < 51; i++) await ctx.factories.createMember('driver');
      const res = await get('/members', admin);
      expect(res.json()).toHaveLength(50);
      expect(res.headers.link).toMatch(/rel="next"/);
    });
  });
});
