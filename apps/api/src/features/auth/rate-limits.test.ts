import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { rateLimitHits } from '../../db/tables/auth.table';
import { createMemoryMailer } from '../../mail/memory-mailer';
import { rateLimitKey } from '../../rate-limit/rate-limiter';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

// Windows far longer than a test, so no window boundary falls inside one.
const W = 10_000_000;
const LIMITS = [
  `login.login_id=3/${W}`,
  `login.address=5/${W}`,
  `signup.login_id=2/${W}`,
  `signup.address=3/${W}`,
  `forgot_password.login_id=2/${W}`,
  `forgot_password.address=3/${W}`,
  `change_password.member=4/${W}`,
  `export.member=2/${W}`,
  `upload.member=3/${W}`,
].join(',');

let addressSeq = 0;
/** Each test speaks from its own address (the app trusts X-Forwarded-For from its proxy). */
// The API trusts X-Forwarded-For only with TRUST_PROXY (it stands behind a proxy): each test caller gets an address of its own.
// Loopback addresses: through nginx (test/through-nginx.ts) a caller really connects from its
// address, and a process called directly must see the same one.
const newAddress = () => {
  const n = ++addressSeq;
  return { 'x-forwarded-for': `127.51.${Math.floor(n / 200)}.${(n % 200) + 1}` };
};

describe.each(TEST_DB_KINDS)('rate limits on %s', (kind) => {
  let ctx: TestContext;
  let second: App;
  let cityId: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: LIMITS, TRUST_PROXY: 'true' }, mailer: createMemoryMailer() });
    // A second API process on the same database, as behind a load balancer.
    second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys, mailer: createMemoryMailer() });
    cityId = (await ctx.factories.cityIds())[0]!;
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const login = (app: App, loginId: string, headers: Record<string, string>, password = 'wrong-password') =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: loginId, password }, headers });

  it('counts failed sign-ins per login id and address, and never refuses the right password from elsewhere', async () => {
    const store = await ctx.factories.createMember('store');
    const stranger = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, store.loginId, stranger)).statusCode).toBe(401);
    const limited = await login(ctx.app, store.loginId, stranger);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Strangers failing from many addresses do not lock the member out.
    for (let i = 0; i < 6; i++) expect((await login(ctx.app, store.loginId, newAddress())).statusCode).toBe(401);
    expect((await login(ctx.app, store.loginId, newAddress(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('never limits a member who signs in rightly, however often', async () => {
    const admin = await ctx.factories.createMember('admin');
    const office = newAddress();
    for (let i = 0; i < 12; i++) expect((await login(ctx.app, admin.loginId, office, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits failed sign-ins per address across login ids', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, `spray-${i}@example.in`, address)).statusCode).toBe(401);
    expect((await login(ctx.app, 'spray-5@example.in', address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(ctx.app, 'spray-5@example.in', newAddress())).statusCode).toBe(401);
  });

  it('counts letter cases of one login id as one', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const address = newAddress();
    const variants = [vendor.loginId, vendor.loginId.toUpperCase(), ` ${vendor.loginId} `];
    for (const v of variants) expect((await login(ctx.app, v, address)).statusCode).toBe(401);
    expect((await login(ctx.app, vendor.loginId, address)).statusCode).toBe(429);
  });

  it('shares counts between two API processes on one database', async () => {
    const driver = await ctx.factories.createMember('driver');
    const address = newAddress();
    expect((await login(ctx.app, driver.loginId, address)).statusCode).toBe(401);
    expect((await login(second, driver.loginId, address)).statusCode).toBe(401);
    expect((await login(ctx.app, driver.loginId, address)).statusCode).toBe(401);
    expect((await login(second, driver.loginId, address)).statusCode).toBe(429);
    expect((await login(ctx.app, driver.loginId, address)).statusCode).toBe(429);
  });

  it('lets no more guesses through than the limit when they arrive at once on both processes', async () => {
    const admin = await ctx.factories.createMember('admin');
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 ? second : ctx.app, admin.loginId, address)));
    const codes = results.map((r) => r.statusCode);
    // An attempt counts on both counters (address: 5, login id: 3) and is refused when either
    // is over: which ones get through depends on how the two counts interleave, so at most
    // 3 do (fewer when an attempt refused by the address took a login-id slot), never more.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    // Every attempt counted exactly once on each counter: none lost, none twice.
    const ip = address['x-forwarded-for'];
    const keys = [rateLimitKey('login.address', ip), rateLimitKey('login.login_id', admin.loginId, ip)];
    const counters = await ctx.db.select({ count: rateLimitHits.count }).from(rateLimitHits).where(inArray(rateLimitHits.key, keys));
    expect(counters.map((c) => c.count)).toEqual([8, 8]);
  });

  it('limits change-password per member: a stolen token buys few guesses of the current password', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const change = (current: string, app: App = ctx.app) =>
      app.inject({ method: 'POST', url: '/auth/change-password', headers: { ...vendor.headers, ...newAddress() }, payload: { current_password: current, password: 'new-secret-9' } });
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`guess-${i}`, i % 2 ? second : ctx.app)));
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(4);
    expect(codes.filter((c) => c === 429)).toHaveLength(8);
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
    // Another member is not affected.
    const other = await ctx.factories.createMember('vendor');
    const ok = await ctx.app.inject({ method: 'POST', url: '/auth/change-password', headers: other.headers, payload: { current_password: TEST_PASSWORD, password: 'new-secret-9' } });
    expect(ok.statusCode).toBe(204);
  });

  it('does not count a request that fails validation', async () => {
    const address = newAddress();
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: 'not-an-email' }, headers: address });
      expect(res.statusCode).toBe(400);
    }
    expect((await login(ctx.app, 'valid@example.in', address)).statusCode).toBe(401);
  });

  it('limits sign-up per login id and per address', async () => {
    // Each sign-up with a number of its own: a member's phone is unique (design.md section 20).
    let phoneSeq = 33330;
    const body = (loginId: string) => ({
      login_id: loginId,
      password: 'store-pass-1',
      name: 'Ravi',
      phone: `98200${phoneSeq++}`,
      member_type: 'store',
      store: { name: 'Ravi Store', city_id: cityId, address: '1 Lane' },
    });
    const signup = (loginId: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: body(loginId), headers });
    expect((await signup('same@example.in', newAddress())).statusCode).toBe(201);
    expect((await signup('same@example.in', newAddress())).statusCode).toBe(409);
    expect((await signup('same@example.in', newAddress())).statusCode).toBe(429);
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await signup(`from-one-place-${i}@example.in`, address)).statusCode).toBe(201);
    expect((await signup('from-one-place-3@example.in', address)).statusCode).toBe(429);
  });

  it('limits exports and uploads per member, on every process', async () => {
    const admin = await ctx.factories.createMember('admin');
    const exportCsv = (app: App, url: string, who = admin) => app.inject({ method: 'GET', url, headers: who.headers });
    expect((await exportCsv(ctx.app, '/rate-card/export.csv')).statusCode).toBe(200);
    expect((await exportCsv(second, '/orders/export.csv')).statusCode).toBe(200);
    const limited = await exportCsv(ctx.app, '/orders/export.csv');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const otherAdmin = await ctx.factories.createMember('admin');
    expect((await exportCsv(ctx.app, '/orders/export.csv', otherAdmin)).statusCode).toBe(200);

    const driver = await ctx.factories.createMember('driver');
    const upload = (app: App) => app.inject({ method: 'POST', url: '/orders/999999/images', headers: { ...driver.headers, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await upload(i % 2 ? second : ctx.app)).statusCode);
    expect(codes).toEqual([404, 404, 404, 429]);
  });

  it('limits forgot-password per login id and address: strangers cannot block a member\'s own reset', async () => {
    const forgot = (loginId: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { login_id: loginId }, headers });
    const store = await ctx.factories.createMember('store');
    const stranger = newAddress();
    expect((await forgot(store.loginId, stranger)).statusCode).toBe(202);
    expect((await forgot(store.loginId, stranger)).statusCode).toBe(202);
    expect((await forgot(store.loginId, stranger)).statusCode).toBe(429);
    for (let i = 0; i < 4; i++) expect((await forgot(store.loginId, newAddress())).statusCode).toBe(202);
    // The member, from its own address, still gets its code.
    expect((await forgot(store.loginId, newAddress())).statusCode).toBe(202);
    // An unknown account is limited the same way, so 429 does not reveal existence.
    const prober = newAddress();
    expect((await forgot('unknown-x@example.in', prober)).statusCode).toBe(202);
    expect((await forgot('unknown-x@example.in', prober)).statusCode).toBe(202);
    expect((await forgot('unknown-x@example.in', prober)).statusCode).toBe(429);
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await forgot(`someone-${i}@example.in`, address)).statusCode).toBe(202);
    expect((await forgot('someone-3@example.in', address)).statusCode).toBe(429);
  });
});
