import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../auth/access-tokens';
import type { CognitoTokenVerifier } from '../../auth/cognito-token-verifier';
import { createTokenVerifier } from '../../auth/token-verifier';
import { testConfig } from '../../config/config';
import { identities, members } from '../../db/tables/members.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

const REGION = 'ap-south-1';
const POOL_ID = `${REGION}_KabadiTest1`;
const CLIENT_ID = 'kabaditestclient0001';
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${POOL_ID}`;
const COGNITO_CONFIG = { AUTH_PROVIDER: 'cognito', COGNITO_USER_POOL_ID: POOL_ID, COGNITO_CLIENT_ID: CLIENT_ID } as const;

interface PoolClaims {
  username?: string;
  token_use?: string;
  client_id?: string;
  iss?: string;
  exp?: number;
  key?: CryptoKey;
  alg?: string;
}

describe.each(TEST_DB_KINDS)('AUTH_PROVIDER=cognito on %s', (kind) => {
  let ctx: TestContext;
  let poolKey: CryptoKey;
  let store: TestMember;
  const kid = 'pool-key-1';

  beforeAll(async () => {
    // The test plays the user pool: its key pair signs, its public JWKS goes into the verifier's cache.
    const pair = await generateKeyPair('RS256', { extractable: true });
    poolKey = pair.privateKey;
    const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }] } as Jwks;
    // The verifier the configuration picks; the API's own signing keys play no part with a pool.
    const verifier = createTokenVerifier(testConfig(COGNITO_CONFIG), undefined as never) as CognitoTokenVerifier;
    verifier.cacheJwks(jwks);
    ctx = await createTestApp(kind, { config: COGNITO_CONFIG, tokenVerifier: verifier });
    store = await ctx.factories.createMember('store');
  });
  afterAll(async () => ctx?.close());

  const now = () => Math.floor(Date.now() / 1000);
  /** An access token as Cognito issues it. */
  const poolToken = (c: PoolClaims = {}) => {
    const claims: Record<string, unknown> = {
      token_use: c.token_use ?? 'access',
      username: c.username ?? store.loginId,
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now() - 5,
      event_id: randomUUID(),
      jti: randomUUID(),
      origin_jti: randomUUID(),
    };
    if (c.token_use === 'id') claims.aud = c.client_id ?? CLIENT_ID;
    else claims.client_id = c.client_id ?? CLIENT_ID;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: c.alg ?? 'RS256', kid })
      .setSubject(randomUUID())
      .setIssuer(c.iss ?? ISSUER)
      .setIssuedAt(now() - 5)
      .setExpirationTime(c.exp ?? now() + 3600)
      .sign(c.key ?? poolKey);
  };
  const readSelf = (token: string, loginId = store.loginId) =>
    ctx.app.inject({ method: 'GET', url: `/members/${loginId}`, headers: { authorization: `Bearer ${token}` } });

  it('maps the pool token\'s username to the member\'s login id', async () => {
    const res = await readSelf(await poolToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: store.id, login_id: store.loginId, role: 'store' });
    expect((await readSelf(await poolToken({ username: store.loginId.toUpperCase() }))).statusCode).toBe(200);
  });

  it('rejects a username with no member', async () => {
    expect((await readSelf(await poolToken({ username: 'stranger@example.in' }))).statusCode).toBe(401);
  });

  it('rejects another app client, an id token, another pool, an expired token', async () => {
    expect((await readSelf(await poolToken({ client_id: 'someoneelsesclient' }))).statusCode).toBe(401);
    expect((await readSelf(await poolToken({ token_use: 'id' }))).statusCode).toBe(401);
    expect((await readSelf(await poolToken({ iss: `https://cognito-idp.${REGION}.amazonaws.com/${REGION}_OtherPool` }))).statusCode).toBe(401);
    expect((await readSelf(await poolToken({ exp: now() - 60 }))).statusCode).toBe(401);
  });

  it('rejects a token signed by another key, alg none, and the API\'s own local tokens', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await readSelf(await poolToken({ key: privateKey }))).statusCode).toBe(401);
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', kid })}.${b64({ token_use: 'access', client_id: CLIENT_ID, username: store.loginId, iss: ISSUER, exp: now() + 600 })}.`;
    expect((await readSelf(unsigned)).statusCode).toBe(401);
    expect((await readSelf(store.token)).statusCode).toBe(401);
    const local = await signAccessToken(ctx.keys, { memberId: store.id, loginId: store.loginId, role: 'store' });
    expect((await readSelf(local)).statusCode).toBe(401);
  });

  it('leaves signing in, refreshing and resetting to the pool', async () => {
    for (const url of ['/auth/login', '/auth/refresh', '/auth/logout', '/auth/forgot-password', '/auth/reset-password', '/auth/change-password']) {
      expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
    }
  });

  it('creates the member of a pool user who signs up, without a password', async () => {
    const loginId = 'pool.vendor@example.in';
    const token = await poolToken({ username: loginId });
    const body = {
      login_id: loginId,
      name: 'Pooja',
      phone: '9820044444',
      member_type: 'vendor',
      vendor: { company_name: 'Pooja Metals', city_id: (await ctx.factories.cityIds())[0], address: '9 Ring Road' },
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: body, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ login_id: loginId, role: 'vendor', is_verified: false });
    const [member] = await ctx.db.select().from(members).where(eq(members.loginId, loginId));
    const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, member!.id));
    expect(identity).toMatchObject({ provider: 'cognito', subject: loginId, passwordHash: null });
    expect((await readSelf(token, loginId)).json()).toMatchObject({ is_verified: false, approval_status: 'pending' });

    // Only for the pool user's own address, and only with a pool token.
    const other = await ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, login_id: 'someone.else@example.in' }, headers: { authorization: `Bearer ${token}` } });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty('login_id');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, login_id: 'anon@example.in' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an admin create a driver whose password lives in the pool', async () => {
    const admin = await ctx.factories.createMember('admin');
    const adminToken = await poolToken({ username: admin.loginId });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/drivers',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { login_id: 'pool.driver@example.in', name: 'Deepak', phone: '9820055555', city_id: (await ctx.factories.cityIds())[0], vehicle_number: 'mh12 cd 3456' },
    });
    expect(res.statusCode).toBe(201);
    const [identity] = await ctx.db.select().from(identities).where(eq(identities.memberId, res.json().id));
    expect(identity).toMatchObject({ provider: 'cognito', passwordHash: null });
  });

  it('leaves sign-in with a code to the pool\'s own SMS sign-in: 501 saying so, and no code made', async () => {
    for (const [url, payload] of [['/auth/otp/request', { phone: '98123 45678' }], ['/auth/otp/verify', { phone: '98123 45678', code: '123456' }]] as const) {
      const res = await ctx.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(501);
      expect(res.json().detail).toMatch(/user pool sends sign-in codes.*SMS_OTP/);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/otp/request', payload: { phone: 'call me' } })).statusCode).toBe(400);
  });
});
