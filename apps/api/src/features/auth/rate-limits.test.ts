import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { createMemoryMailer } from '../../mail/memory-mailer';
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
].join(',');

let addressSeq = 0;
/** Each test speaks from its own address (the app trusts X-Forwarded-For from its proxy). */
// The API trusts X-Forwarded-For only with TRUST_PROXY (it stands behind a proxy): each test caller gets an address of its own.
const newAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addressSeq}` });

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

  it('limits sign-in per login id, whatever the address, and then refuses even the right password', async () => {
    const store = await ctx.factories.createMember('store');
    for (let i = 0; i < 3; i++) expect((await login(ctx.app, store.loginId, newAddress())).statusCode).toBe(401);
    const limited = await login(ctx.app, store.loginId, newAddress(), TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await ctx.factories.createMember('store');
    expect((await login(ctx.app, other.loginId, newAddress(), TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits sign-in per address across login ids', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, `spray-${i}@example.in`, address)).statusCode).toBe(401);
    expect((await login(ctx.app, 'spray-5@example.in', address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login(ctx.app, 'spray-5@example.in', newAddress())).statusCode).toBe(401);
  });

  it('counts letter cases of one login id as one', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const variants = [vendor.loginId, vendor.loginId.toUpperCase(), ` ${vendor.loginId} `];
    for (const v of variants) expect((await login(ctx.app, v, newAddress())).statusCode).toBe(401);
    expect((await login(ctx.app, vendor.loginId, newAddress())).statusCode).toBe(429);
  });

  it('shares counts between two API processes on one database', async () => {
    const driver = await ctx.factories.createMember('driver');
    expect((await login(ctx.app, driver.loginId, newAddress())).statusCode).toBe(401);
    expect((await login(second, driver.loginId, newAddress())).statusCode).toBe(401);
    expect((await login(ctx.app, driver.loginId, newAddress())).statusCode).toBe(401);
    expect((await login(second, driver.loginId, newAddress(), TEST_PASSWORD)).statusCode).toBe(429);
    expect((await login(ctx.app, driver.loginId, newAddress(), TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('lets no more than the limit through when attempts arrive at once on both processes', async () => {
    const admin = await ctx.factories.createMember('admin');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 ? second : ctx.app, admin.loginId, newAddress(), TEST_PASSWORD)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
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
    const body = (loginId: string) => ({
      login_id: loginId,
      password: 'store-pass-1',
      name: 'Ravi',
      phone: '9820033333',
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

  it('limits forgot-password per login id and per address, saying nothing about the account', async () => {
    const forgot = (loginId: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { login_id: loginId }, headers });
    const store = await ctx.factories.createMember('store');
    expect((await forgot(store.loginId, newAddress())).statusCode).toBe(202);
    expect((await forgot(store.loginId, newAddress())).statusCode).toBe(202);
    expect((await forgot(store.loginId, newAddress())).statusCode).toBe(429);
    // An unknown account is limited the same way, so 429 does not reveal existence.
    expect((await forgot('unknown-x@example.in', newAddress())).statusCode).toBe(202);
    expect((await forgot('unknown-x@example.in', newAddress())).statusCode).toBe(202);
    expect((await forgot('unknown-x@example.in', newAddress())).statusCode).toBe(429);
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await forgot(`someone-${i}@example.in`, address)).statusCode).toBe(202);
    expect((await forgot('someone-3@example.in', address)).statusCode).toBe(429);
  });
});
