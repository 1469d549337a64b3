import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIdToken, TOKEN_AUDIENCE } from '../../auth/access-tokens';
import { TOKEN_ISSUER } from '../../auth/service-tokens';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

interface Claims {
  iss?: string;
  aud?: string;
  exp?: number;
  token_use?: string;
  username?: string;
  key?: CryptoKey;
  kid?: string;
  alg?: string;
}

describe.each(TEST_DB_KINDS)('access token checks on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
  });
  afterAll(async () => ctx?.close());

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (c: Claims = {}) =>
    new SignJWT({ username: c.username ?? store.loginId, token_use: c.token_use ?? 'access' })
      .setProtectedHeader({ alg: c.alg ?? 'RS256', kid: c.kid ?? ctx.keys.kid, typ: 'JWT' })
      .setSubject(String(store.id))
      .setIssuer(c.iss ?? TOKEN_ISSUER)
      .setAudience(c.aud ?? TOKEN_AUDIENCE)
      .setIssuedAt(now() - 10)
      .setExpirationTime(c.exp ?? now() + 600)
      .sign(c.key ?? ctx.keys.privateKey);
  const call = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/members/${store.loginId}`, headers: { authorization: `Bearer ${token}` } });
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a token signed by our key with the right claims', async () => {
    expect((await call(await sign())).statusCode).toBe(200);
  });

  it('rejects a token signed by another key under our kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await call(await sign({ key: privateKey }))).statusCode).toBe(401);
  });

  it('rejects a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await sign()).split('.');
    const admin = await ctx.factories.createMember('admin');
    const forged = `${header}.${b64({ username: admin.loginId, token_use: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: now() + 600 })}.${signature}`;
    expect((await call(forged)).statusCode).toBe(401);
  });

  it('rejects alg "none"', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT', kid: ctx.keys.kid })}.${b64({ sub: String(store.id), username: store.loginId, token_use: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, exp: now() + 600 })}.`;
    expect((await call(unsigned)).statusCode).toBe(401);
  });

  it('rejects HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(ctx.keys.publicJwks.keys[0]));
    const token = await new SignJWT({ username: store.loginId, token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256', kid: ctx.keys.kid })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime(now() + 600)
      .sign(secret);
    expect((await call(token)).statusCode).toBe(401);
  });

  it('rejects an expired token', async () => {
    expect((await call(await sign({ exp: now() - 60 }))).statusCode).toBe(401);
  });

  it('rejects a token without exp or iat: it would never end', async () => {
    const claims = { username: store.loginId, token_use: 'access' };
    const base = () => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: ctx.keys.kid, typ: 'JWT' }).setSubject(String(store.id)).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE);
    expect((await call(await base().setIssuedAt(now() - 10).sign(ctx.keys.privateKey))).statusCode).toBe(401);
    expect((await call(await base().setExpirationTime(now() + 600).sign(ctx.keys.privateKey))).statusCode).toBe(401);
  });

  it('rejects a wrong issuer and a wrong audience', async () => {
    expect((await call(await sign({ iss: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await call(await sign({ aud: 'some-other-app' }))).statusCode).toBe(401);
  });

  it('rejects an id token used as an access token', async () => {
    const idToken = await signIdToken(ctx.keys, { memberId: store.id, loginId: store.loginId, role: 'store' });
    expect((await call(idToken)).statusCode).toBe(401);
    expect((await call(await sign({ token_use: 'id' }))).statusCode).toBe(401);
  });

  it('rejects an unknown key id, a token of nobody, garbage and a missing header', async () => {
    expect((await call(await sign({ kid: 'not-our-key' }))).statusCode).toBe(401);
    expect((await call(await sign({ username: 'ghost@example.in' }))).statusCode).toBe(401);
    expect((await call('garbage')).statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'GET', url: `/members/${store.loginId}` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().detail).toMatch(/Sign in/);
  });
});
