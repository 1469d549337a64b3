import { eq } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared/messages';
import { ACCESS_TOKEN_TTL_S, TOKEN_AUDIENCE } from '../../auth/access-tokens';
import { TOKEN_ISSUER } from '../../auth/service-tokens';
import { refreshTokens } from '../../db/tables/auth.table';
import { identities, members } from '../../db/tables/members.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD, type TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { hashRefreshToken, REFRESH_REUSE_GRACE_MS } from './refresh-tokens';

const RELAXED_LIMITS = 'login.address=1000/60,login.login_id=1000/60';

describe.each(TEST_DB_KINDS)('sign-in and sessions on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { RATE_LIMITS: RELAXED_LIMITS } });
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });
  const login = (loginId: string, password = TEST_PASSWORD) => post('/auth/login', { login_id: loginId, password });
  const refresh = (token: string) => post('/auth/refresh', { refresh_token: token });
  const readSelf = (m: Pick<TestMember, 'loginId'>, accessToken: string) =>
    ctx.app.inject({ method: 'GET', url: `/members/${m.loginId}`, headers: { authorization: `Bearer ${accessToken}` } });

  it('answers a good sign-in with tokens whose claims design.md names', async () => {
    const store = await ctx.factories.createMember('store');
    const res = await login(store.loginId.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
    const access = decodeJwt(body.access_token);
    expect(access).toMatchObject({ sub: String(store.id), username: store.loginId, token_use: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect(access.exp! - access.iat!).toBe(60 * 60);
    expect(decodeJwt(body.id_token)).toMatchObject({ token_use: 'id', email: store.loginId, 'custom:role': 'store' });
    // Opaque: a refresh token is not a JWT, and only its digest is stored.
    expect(body.refresh_token.split('.')).toHaveLength(1);
    const [stored] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(body.refresh_token)));
    expect(stored!.memberId).toBe(store.id);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect((await readSelf(store, body.access_token)).statusCode).toBe(200);
  });

  it('publishes the key that verifies the tokens at /.well-known/jwks.json', async () => {
    const admin = await ctx.factories.createMember('admin');
    const { access_token: token } = (await login(admin.loginId)).json();
    const jwks = await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const { kid } = decodeProtectedHeader(token);
    const jwk = jwks.json().keys.find((k: { kid: string }) => k.kid === kid);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwk).not.toHaveProperty('d');
    await expect(jwtVerify(token, await importJWK(jwk, 'RS256'), { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE })).resolves.toBeTruthy();
  });

  it('answers a wrong password and an unknown account alike: 401 with the spec message', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const wrong = await login(vendor.loginId, 'not-the-password');
    const unknown = await login('nobody@example.in');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: MESSAGES.incorrectAccount });
    }
  });

  it('refuses a disabled account like a wrong password', async () => {
    const driver = await ctx.factories.createMember('driver');
    await ctx.db.update(members).set({ disabledAt: new Date() }).where(eq(members.id, driver.id));
    const res = await login(driver.loginId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: MESSAGES.incorrectAccount });
  });

  it('answers a missing password 400 naming it', async () => {
    const res = await post('/auth/login', { login_id: 'someone@example.in' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('password');
  });

  it('re-hashes a password hashed with weaker parameters at the next sign-in', async () => {
    const store = await ctx.factories.createMember('store');
    const weak = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await ctx.db.update(identities).set({ passwordHash: weak }).where(eq(identities.memberId, store.id));
    expect((await login(store.loginId)).statusCode).toBe(200);
    const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, store.id));
    expect(identity!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login(store.loginId)).statusCode).toBe(200);
  });

  it('rotates the refresh token on every use', async () => {
    const store = await ctx.factories.createMember('store');
    const first = (await login(store.loginId)).json();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S });
    expect((await readSelf(store, body.access_token)).statusCode).toBe(200);
    const third = await refresh(body.refresh_token);
    expect(third.statusCode).toBe(200);
    const family = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, store.id));
    expect(new Set(family.map((t) => t.familyId)).size).toBe(1);
    expect(family.filter((t) => t.spentAt === null)).toHaveLength(1);
  });

  it('revokes the whole family when a spent refresh token comes back after the session moved on', async () => {
    const store = await ctx.factories.createMember('store');
    const first = (await login(store.loginId)).json();
    const other = (await login(store.loginId)).json(); // a second device: its own family
    const second = (await refresh(first.refresh_token)).json();
    const third = (await refresh(second.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/sign in again/);
    // The thief's replay also kills the rightful holder's newer token...
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    // ...but not the other device's session.
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('lets a refresh whose answer was lost be asked again within the grace, and the session goes on (decision 074)', async () => {
    const store = await ctx.factories.createMember('store');
    const first = (await login(store.loginId)).json();
    const lost = (await refresh(first.refresh_token)).json(); // the phone never got this answer
    const again = await refresh(first.refresh_token);
    expect(again.statusCode, again.body).toBe(200);
    const kept = again.json();
    expect(kept.refresh_token).not.toBe(lost.refresh_token);
    expect((await readSelf(store, kept.access_token)).statusCode).toBe(200);
    // The session moves on from the answer it kept; the lost answer's token is then dead.
    expect((await refresh(kept.refresh_token)).statusCode).toBe(200);
    expect((await refresh(lost.refresh_token)).statusCode).toBe(401);
  });

  it('treats a spent token presented after the grace as stolen', async () => {
    const store = await ctx.factories.createMember('store');
    const first = (await login(store.loginId)).json();
    const second = (await refresh(first.refresh_token)).json();
    await ctx.db
      .update(refreshTokens)
      .set({ spentAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refresh_token)));
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('lets two simultaneous refreshes with one token (two tabs, one cookie) both go on, and keeps one session', async () => {
    const store = await ctx.factories.createMember('store');
    const { refresh_token: token } = (await login(store.loginId)).json();
    const results = await Promise.all([refresh(token), refresh(token)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.json().refresh_token as string);
    // Whichever answer the cookie kept goes on; that rotation ends the other.
    expect((await refresh(a!)).statusCode).toBe(200);
    expect((await refresh(b!)).statusCode).toBe(401);
  });

  it('answers an unknown, an expired and a malformed refresh token 401 or 400', async () => {
    expect((await refresh('not-a-token-we-issued')).statusCode).toBe(401);
    const store = await ctx.factories.createMember('store');
    const { refresh_token: token } = (await login(store.loginId)).json();
    await ctx.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    expect((await refresh(token)).statusCode).toBe(401);
    // No token in the body and no cookie: nothing to refresh (the browser's token is the cookie).
    const missing = await post('/auth/refresh', {});
    expect(missing.statusCode).toBe(401);
    const malformed = await post('/auth/refresh', { refresh_token: 42 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('refresh_token');
  });

  it('signs out: 204, and the session cannot be refreshed any more', async () => {
    const vendor = await ctx.factories.createMember('vendor');
    const first = (await login(vendor.loginId)).json();
    const rotated = (await refresh(first.refresh_token)).json();
    const out = await post('/auth/logout', { refresh_token: first.refresh_token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    // Signing out with an older token of the session ends the whole session.
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    // Signing out twice, or with a token we never issued, reveals nothing.
    expect((await post('/auth/logout', { refresh_token: first.refresh_token })).statusCode).toBe(204);
    expect((await post('/auth/logout', { refresh_token: 'unknown' })).statusCode).toBe(204);
  });

  it('refuses to refresh the session of a disabled or rejected member', async () => {
    for (const change of [{ disabledAt: new Date() }, { approvalStatus: 'cancelled' as const, isVerified: false }]) {
      const store = await ctx.factories.createMember('store');
      const { refresh_token: token } = (await login(store.loginId)).json();
      await ctx.db.update(members).set(change).where(eq(members.id, store.id));
      expect((await refresh(token)).statusCode).toBe(401);
    }
  });

  it('lets a pending member refresh (it may sign in and read itself)', async () => {
    const store = await ctx.factories.createMember('store', { verified: false });
    const { refresh_token: token } = (await login(store.loginId)).json();
    const res = await refresh(token);
    expect(res.statusCode).toBe(200);
    expect((await readSelf(store, res.json().access_token)).json()).toMatchObject({ is_verified: false, approval_status: 'pending' });
  });
});
