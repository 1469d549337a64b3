import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { identities, members } from '../../db/tables/members.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// A member's phone is unique among members (design.md section 20): each sign-up has its own.
let phoneSeq = 11111;
const storeSignup = (loginId: string, cityId: number, phone = `+91 98200 ${phoneSeq++}`) => ({
  login_id: loginId,
  password: 'store-pass-1',
  name: 'Sunil Kumar',
  phone,
  member_type: 'store',
  store: { name: 'Sunil Scrap Store', city_id: cityId, address: '14 Station Road' },
});

// Rate limits have their own tests; here they must not get in the way.
const RELAXED_LIMITS = 'signup.address=1000/60,signup.login_id=1000/60,login.address=1000/60';

describe.each(TEST_DB_KINDS)('sign-up on %s', (kind) => {
  let ctx: TestContext;
  let cityId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: RELAXED_LIMITS } });
    cityId = (await ctx.factories.cityIds())[0]!;
  });
  afterAll(async () => ctx?.close());

  const memberCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload, headers });

  it('creates a pending store member with its store and an argon2id identity', async () => {
    const res = await post('/auth/signup', storeSignup('  New.Store@Example.IN ', cityId, '+91 98200 11110'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ login_id: 'new.store@example.in', role: 'store', is_verified: false });

    const [member] = await ctx.db.select().from(members).where(eq(members.loginId, 'new.store@example.in'));
    expect(member).toMatchObject({ role: 'store', isVerified: false, approvalStatus: 'pending', name: 'Sunil Kumar', phone: '+919820011110' });
    const [store] = await ctx.db.select().from(stores).where(eq(stores.id, member!.storeId!));
    expect(store).toMatchObject({ name: 'Sunil Scrap Store', cityId, address: '14 Station Road', vendorId: null });
    const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, member!.id));
    expect(identity!.provider).toBe('local');
    expect(identity!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(identity!.passwordHash).not.toContain('store-pass-1');
  });

  it('creates a vendor member with its company', async () => {
    const res = await post('/auth/signup', {
      login_id: 'vendor.new@example.in',
      password: 'vendor-pass',
      name: 'Vimala',
      phone: '9820022222',
      member_type: 'vendor',
      vendor: { company_name: 'Vimala Recyclers', city_id: cityId, address: '2 Market Yard' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ login_id: 'vendor.new@example.in', role: 'vendor', is_verified: false });
    const [member] = await ctx.db.select().from(members).where(eq(members.loginId, 'vendor.new@example.in'));
    const [vendor] = await ctx.db.select().from(vendors).where(eq(vendors.id, member!.vendorId!));
    expect(vendor).toMatchObject({ companyName: 'Vimala Recyclers', cityId, address: '2 Market Yard' });
  });

  it('answers 409 for a login id that exists in any letter case, and changes nothing', async () => {
    await post('/auth/signup', storeSignup('twice@example.in', cityId));
    const before = await memberCount();
    const res = await post('/auth/signup', storeSignup('TWICE@example.in', cityId, '+91 98200 22223'));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/already exists/);
    expect(res.json().errors).toHaveProperty('login_id');
    expect(await memberCount()).toBe(before);
  });

  it('lets only one of two racing sign-ups with one login id win', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => post('/auth/signup', storeSignup('race@example.in', cityId, `+91 98200 3333${n}`))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await ctx.db.select().from(members).where(eq(members.loginId, 'race@example.in'));
    expect(rows).toHaveLength(1);
  });

  it('answers an unknown city 400 naming the field, and creates nothing', async () => {
    const before = await memberCount();
    const res = await post('/auth/signup', storeSignup('nocity@example.in', 999_999));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(['store.city_id']);
    expect(await memberCount()).toBe(before);
    const [orphan] = await ctx.db.select().from(stores).where(eq(stores.address, 'nowhere'));
    expect(orphan).toBeUndefined();
  });

  it.each([
    ['login_id', { login_id: 'not-an-email' }],
    ['password', { password: '12345' }],
    ['name', { name: '   ' }],
    ['phone', { phone: 'call me' }],
    ['store', { store: undefined }],
    ['store.address', { store: { name: 'X', city_id: 1, address: '' } }],
    ['member_type', { member_type: 'driver' }],
  ])('answers bad %s 400 naming it, and creates nothing', async (field, change) => {
    const before = await memberCount();
    const res = await post('/auth/signup', { ...storeSignup(`bad-${field}@example.in`, cityId), ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(res.json().detail).toContain(field);
    expect(await memberCount()).toBe(before);
  });

  it('lets the unverified member sign in and read itself, and answers its other calls 403 with the spec message', async () => {
    await post('/auth/signup', storeSignup('waiting@example.in', cityId));
    const login = await post('/auth/login', { login_id: 'waiting@example.in', password: 'store-pass-1' });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const me = await ctx.app.inject({ method: 'GET', url: '/members/waiting@example.in', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login_id: 'waiting@example.in', role: 'store', is_verified: false, approval_status: 'pending', vendor_id: null });
    const other = await post('/auth/change-password', { current_password: 'store-pass-1', password: 'another-1' }, headers);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ detail: MESSAGES.notVerified });
    const logout = await post('/auth/logout', { refresh_token: login.json().refresh_token }, headers);
    expect(logout.statusCode).toBe(204);
  });
});
