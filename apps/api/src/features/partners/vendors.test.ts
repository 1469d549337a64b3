import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { identities, members } from '../../db/tables/members.table';
import { vendors } from '../../db/tables/partners.table';
import { wallets } from '../../db/tables/wallets.table';
import { verifyPassword } from '../../auth/passwords';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('vendors on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    vendorA: ['vendor', (w) => ({ cityId: w.cityIds[1] })],
    vendorB: ['vendor', (w) => ({ cityId: w.cityIds[0] })],
    store: ['store', (w) => ({ vendorId: w.vendorA.vendorId })],
  });

  beforeAll(async () => {
    await ctx.db.insert(wallets).values({ ownerType: 'vendor', ownerId: ctx.vendorA.vendorId!, balancePaise: 123_456_78 });
  });

  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('lets an admin read a vendor with its city, account, counts and wallet in rupees', async () => {
    const res = await get(`/vendors/${ctx.vendorA.vendorId}`, ctx.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: ctx.vendorA.vendorId,
      city: { id: ctx.cityIds[1], name: expect.any(String), state: { id: expect.any(Number), name: expect.any(String) } },
      member: { id: ctx.vendorA.id, login_id: ctx.vendorA.loginId, is_verified: true, approval_status: 'approved', role: 'vendor' },
      store_count: 1,
      order_count: 0,
      wallet_balance: 123456.78,
    });
    expect(Date.parse(body.created_at)).not.toBeNaN();
  });

  it('lets a vendor read itself, and answers another vendor 404', async () => {
    expect((await get(`/vendors/${ctx.vendorA.vendorId}/`, ctx.vendorA)).statusCode).toBe(200);
    const other = await get(`/vendors/${ctx.vendorB.vendorId}`, ctx.vendorA);
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBeTruthy();
  });

  it('refuses the list to stores, vendors and drivers (403) and to strangers (401)', async () => {
    expect((await get('/vendors', ctx.store)).statusCode).toBe(403);
    expect((await get('/vendors', ctx.vendorA)).statusCode).toBe(403);
    expect((await get(`/vendors/${ctx.vendorA.vendorId}`, ctx.store)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/vendors' })).statusCode).toBe(401);
  });

  it('filters the list by city, approval status and search', async () => {
    const byCity = await get(`/vendors?city_id=${ctx.cityIds[1]}`, ctx.admin);
    expect(byCity.json().map((v: { id: number }) => v.id)).toEqual([ctx.vendorA.vendorId]);
    const bySearch = await get(`/vendors?search=${encodeURIComponent(ctx.vendorB.loginId.slice(0, 14).toUpperCase())}`, ctx.admin);
    expect(bySearch.json().map((v: { id: number }) => v.id)).toEqual([ctx.vendorB.vendorId]);
    const pending = await ctx.factories.createMember('vendor', { verified: false });
    const queue = await get('/vendors?approval_status=pending', ctx.admin);
    expect(queue.json().map((v: { id: number }) => v.id)).toEqual([pending.vendorId]);
    expect(queue.headers['x-total-count']).toBe('1');
  });

  it('takes a search literally: % and _ are not wildcards', async () => {
    const res = await get('/vendors?search=%25', ctx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('pages newest first with a cursor, Link rel="next" and X-Total-Count', async () => {
    for (let i = 0; i < 3; i++) await ctx.factories.createMember('vendor', { cityId: ctx.cityIds[2] });
    const first = await get(`/vendors?city_id=${ctx.cityIds[2]}&limit=2`, ctx.admin);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    const ids: number[] = first.json().map((v: { id: number }) => v.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBeGreaterThan(ids[1]!);
    const link = String(first.headers.link);
    const match = /^<([^>]+)>; rel="next"$/.exec(link);
    expect(match).not.toBeNull();
    const next = new URL(match![1]!);
    expect(next.searchParams.get('city_id')).toBe(String(ctx.cityIds[2]));
    expect(next.searchParams.get('limit')).toBe('2');
    const second = await get(`${next.pathname}${next.search}`, ctx.admin);
    expect(second.json().map((v: { id: number }) => v.id)).toHaveLength(1);
    expect(second.json()[0].id).toBeLessThan(ids[1]!);
    expect(second.headers.link).toBeUndefined();
    expect(second.headers['x-total-count']).toBe('3');
  });

  it('answers 304 when the list has not changed since the ETag', async () => {
    const first = await get('/vendors', ctx.admin);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({ method: 'GET', url: '/vendors', headers: { ...ctx.admin.headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('refuses a limit over 500 and a bad cursor, naming the field', async () => {
    const res = await get('/vendors?limit=501', ctx.admin);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['limit']);
    const cursor = await get('/vendors?cursor=abc', ctx.admin);
    expect(cursor.statusCode).toBe(400);
    expect(Object.keys(cursor.json().errors)).toEqual(['cursor']);
  });

  describe('adding a vendor', () => {
    // A member's phone is unique among members (design.md section 20): each vendor has its own.
    let phoneSeq = 12345;
    const body = () => ({
      login_id: `New.Vendor.${Math.random().toString(36).slice(2, 8)}@Example.in`,
      password: 'secret-123',
      name: 'Neha Naik',
      phone: `+91 98200 ${phoneSeq++}`,
      company_name: 'Naik Metals',
      city_id: ctx.cityIds[0],
      address: '7 Station Road',
    });

    it('creates the vendor with a verified account that can sign in with its password', async () => {
      const payload = body();
      const res = await ctx.app.inject({ method: 'POST', url: '/vendors/', headers: ctx.admin.headers, payload });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        company_name: 'Naik Metals',
        phone: payload.phone.replaceAll(' ', ''),
        store_count: 0,
        wallet_balance: 0,
        member: { login_id: payload.login_id.toLowerCase(), name: 'Neha Naik', is_verified: true, approval_status: 'approved' },
      });
      const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, created.member.id));
      expect(identity).toMatchObject({ provider: 'local', subject: payload.login_id.toLowerCase() });
      expect(await verifyPassword(identity!.passwordHash!, 'secret-123')).toBe(true);
    });

    it('refuses a taken login id (409, naming login_id) and creates nothing', async () => {
      const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(vendors);
      const res = await ctx.app.inject({ method: 'POST', url: '/vendors', headers: ctx.admin.headers, payload: { ...body(), login_id: ctx.vendorB.loginId.toUpperCase() } });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.login_id).toBeDefined();
      const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(vendors);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('refuses bad input naming the field, and creates nothing', async () => {
      const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      for (const [field, value] of [['city_id', 999_999], ['phone', 'call me'], ['login_id', 'not-an-email'], ['password', '123'], ['company_name', '  ']] as const) {
        const res = await ctx.app.inject({ method: 'POST', url: '/vendors', headers: ctx.admin.headers, payload: { ...body(), [field]: value } });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().errors), field).toEqual([field]);
      }
      const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('is for admins only', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/vendors', headers: ctx.vendorA.headers, payload: body() });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('changing a vendor', () => {
    it('lets the vendor change its own details', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/vendors/${ctx.vendorA.vendorId}/`, headers: ctx.vendorA.headers, payload: { company_name: '  A-One Scrap  ', phone: null } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ company_name: 'A-One Scrap', phone: null, address: '1 Test Road' });
    });

    it('answers another vendor 404 and leaves it unchanged', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/vendors/${ctx.vendorB.vendorId}`, headers: ctx.vendorA.headers, payload: { company_name: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      const [row] = await ctx.db.select().from(vendors).where(eq(vendors.id, ctx.vendorB.vendorId!));
      expect(row!.companyName).not.toBe('Hijacked');
    });

    it('refuses an empty change and a blank name, naming the problem', async () => {
      const empty = await ctx.app.inject({ method: 'PATCH', url: `/vendors/${ctx.vendorA.vendorId}`, headers: ctx.admin.headers, payload: {} });
      expect(empty.statusCode).toBe(400);
      const blank = await ctx.app.inject({ method: 'PATCH', url: `/vendors/${ctx.vendorA.vendorId}`, headers: ctx.admin.headers, payload: { company_name: '' } });
      expect(blank.statusCode).toBe(400);
      expect(Object.keys(blank.json().errors)).toEqual(['company_name']);
    });

    it('answers an unknown vendor 404 for an admin', async () => {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/vendors/987654', headers: ctx.admin.headers, payload: { address: 'x' } });
      expect(res.statusCode).toBe(404);
    });
  });
});
