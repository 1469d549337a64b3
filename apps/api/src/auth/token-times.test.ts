import { randomUUID } from 'node:crypto';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { ACCESS_TOKEN_TTL_S, TOKEN_AUDIENCE } from './access-tokens';
import { TOKEN_ISSUER } from './service-tokens';
import { cognitoTokenVerifier } from './cognito-token-verifier';
import { MAX_CLOCK_SKEW_S } from './token-times';

// design.md section 17: access tokens living longer than the configured lifetime, or
// issued in the future, are refused, however well signed.

const now = () => Math.floor(Date.now() / 1000);
const YEAR_S = 365 * 24 * 60 * 60;

describe.each(TEST_DB_KINDS)('access token times (AUTH_PROVIDER=local) on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  /** An access token signed with the API's own key, at the given times. */
  const signed = (times: { iat: number; exp: number }) =>
    new SignJWT({ username: store.loginId, token_use: 'access' })
      .setProtectedHeader({ alg: 'RS256', kid: ctx.keys.kid, typ: 'JWT' })
      .setSubject(String(store.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(times.iat)
      .setExpirationTime(times.exp)
      .sign(ctx.keys.privateKey);
  const statusWith = async (times: { iat: number; exp: number }) =>
    (await ctx.app.inject({ method: 'GET', url: `/members/${store.loginId}`, headers: { authorization: `Bearer ${await signed(times)}` } })).statusCode;

  it('refuses a token that lives 100 years', async () => {
    expect(await statusWith({ iat: now(), exp: now() + 100 * YEAR_S })).toBe(401);
    // One second more than the configured lifetime is enough to refuse it.
    expect(await statusWith({ iat: now(), exp: now() + ACCESS_TOKEN_TTL_S + 1 })).toBe(401);
  });

  it('refuses a token issued in the future beyond the clock skew', async () => {
    expect(await statusWith({ iat: now() + 3600, exp: now() + 3600 + 600 })).toBe(401);
    expect(await statusWith({ iat: now() + MAX_CLOCK_SKEW_S + 5, exp: now() + MAX_CLOCK_SKEW_S + 600 })).toBe(401);
  });

  it('accepts the configured lifetime exactly, and a clock a little ahead', async () => {
    expect(await statusWith({ iat: now(), exp: now() + ACCESS_TOKEN_TTL_S })).toBe(200);
    expect(await statusWith({ iat: now() + 20, exp: now() + 600 })).toBe(200);
  });
});

describe('access token times (AUTH_PROVIDER=cognito)', () => {
  const region = 'ap-south-1';
  const poolId = `${region}_KabadiTimes1`;
  const clientId = 'kabaditimesclient001';
  const kid = 'pool-times-key';
  const verifier = cognitoTokenVerifier({ userPoolId: poolId, clientId });
  let sign: (times: { iat: number; exp: number }) => Promise<string>;

  beforeAll(async () => {
    // The test plays the pool: its key signs, its public JWKS goes into the verifier's cache.
    const pair = await generateKeyPair('RS256', { extractable: true });
    verifier.cacheJwks({ keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' }] } as Jwks);
    sign = (times) =>
      new SignJWT({ token_use: 'access', username: 'store@test.kabadi.in', client_id: clientId, jti: randomUUID() })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(`https://cognito-idp.${region}.amazonaws.com/${poolId}`)
        .setSubject(randomUUID())
        .setIssuedAt(times.iat)
        .setExpirationTime(times.exp)
        .sign(pair.privateKey);
  });

  it('accepts a pool token of an hour, and refuses one of 100 years or issued in the future', async () => {
    await expect(verifier.verify(await sign({ iat: now(), exp: now() + 3600 }))).resolves.toEqual({ loginId: 'store@test.kabadi.in' });
    await expect(verifier.verify(await sign({ iat: now(), exp: now() + 100 * YEAR_S }))).rejects.toThrow(/longer/);
    await expect(verifier.verify(await sign({ iat: now() + 3600, exp: now() + 3600 + 600 }))).rejects.toThrow(/future/);
  });
});
