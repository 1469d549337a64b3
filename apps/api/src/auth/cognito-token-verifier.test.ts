import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../config/config';
import { webHelmetOptions } from '../http/security';
import { publicConfig } from '../web-host/public-config';
import { cognitoIssuer, cognitoTokenVerifier } from './cognito-token-verifier';

// The verifier of a pool's access tokens with and without COGNITO_ENDPOINT (decision 038).
// The test plays the pool: its key pair signs, a small HTTP server serves its JWKS.

const POOL_ID = 'local_AbCd1234';
const AWS_POOL_ID = 'ap-south-1_AbCd1234';
const CLIENT_ID = 'kabaditestclient0001';

describe('cognitoTokenVerifier', () => {
  let server: http.Server;
  let endpoint: string;
  let privateKey: CryptoKey;
  /** The same private key for RS512 (a WebCrypto key is bound to one hash). */
  let privateKeyRs512: CryptoKey;
  let publicJwk: JWK;
  const jwksRequests: string[] = [];
  /** The JWK the server serves; without `alg` the key alone would not pin the algorithm. */
  let servedJwk: () => JWK;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    privateKeyRs512 = (await importJWK(await exportJWK(pair.privateKey), 'RS512')) as CryptoKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
    servedJwk = () => publicJwk;
    server = http.createServer((req, res) => {
      jwksRequests.push(req.url ?? '');
      if (req.url !== `/${POOL_ID}/.well-known/jwks.json`) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [servedJwk()] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown> = {}, alg = 'RS256') =>
    new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'store@test.kabadi.in', jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg, kid: 'pool-key' })
      .setIssuer((claims.iss as string | undefined) ?? `${endpoint}/${POOL_ID}`)
      .setSubject(randomUUID())
      .setIssuedAt(now() - 5)
      .setExpirationTime(now() + 3600)
      .sign(alg === 'RS512' ? privateKeyRs512 : privateKey);

  it('names the issuer: AWS\'s for the pool id, or <endpoint>/<pool id>', () => {
    expect(cognitoIssuer({ userPoolId: AWS_POOL_ID })).toBe(`https://cognito-idp.ap-south-1.amazonaws.com/${AWS_POOL_ID}`);
    expect(cognitoIssuer({ userPoolId: POOL_ID, endpoint: 'http://localhost:9229/' })).toBe(`http://localhost:9229/${POOL_ID}`);
  });

  it('with COGNITO_ENDPOINT: fetches the JWKS over http from <endpoint>/<pool id> and accepts the pool\'s access tokens', async () => {
    const verifier = cognitoTokenVerifier({ userPoolId: POOL_ID, clientId: CLIENT_ID, endpoint });
    await expect(verifier.verify(await sign())).resolves.toEqual({ loginId: 'store@test.kabadi.in' });
    expect(jwksRequests).toContain(`/${POOL_ID}/.well-known/jwks.json`);
  });

  it('with COGNITO_ENDPOINT: keeps every check (issuer, token_use, client_id, RS256, expiry, token times, username)', async () => {
    const verifier = cognitoTokenVerifier({ userPoolId: POOL_ID, clientId: CLIENT_ID, endpoint });
    await expect(verifier.verify(await sign({ iss: `https://cognito-idp.ap-south-1.amazonaws.com/${POOL_ID}` }))).rejects.toThrow();
    await expect(verifier.verify(await sign({ iss: `${endpoint}/local_OtherPool` }))).rejects.toThrow();
    await expect(verifier.verify(await sign({ token_use: 'id', aud: CLIENT_ID }))).rejects.toThrow(/token use/i);
    await expect(verifier.verify(await sign({ client_id: 'someoneelsesclient' }))).rejects.toThrow(/client/i);
    await expect(verifier.verify(await sign({ username: '' }))).rejects.toThrow(/username/);
    const expired = await new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'x@test.kabadi.in' })
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuer(`${endpoint}/${POOL_ID}`)
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 3600)
      .sign(privateKey);
    await expect(verifier.verify(expired)).rejects.toThrow(/expired/i);
    const tooLong = await new SignJWT({ token_use: 'access', client_id: CLIENT_ID, username: 'x@test.kabadi.in' })
      .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
      .setIssuer(`${endpoint}/${POOL_ID}`)
      .setIssuedAt(now())
      .setExpirationTime(now() + 48 * 3600)
      .sign(privateKey);
    await expect(verifier.verify(tooLong)).rejects.toThrow(/longer/);
  });

  it('refuses any algorithm but RS256, even when the JWKS does not pin one', async () => {
    const { alg: _alg, ...unpinned } = publicJwk;
    servedJwk = () => unpinned;
    try {
      const verifier = cognitoTokenVerifier({ userPoolId: POOL_ID, clientId: CLIENT_ID, endpoint });
      await expect(verifier.verify(await sign({}, 'RS512'))).rejects.toThrow(/RS256/);
      await expect(verifier.verify(await sign())).resolves.toEqual({ loginId: 'store@test.kabadi.in' });
      // The same rule for AWS's pools.
      const aws = cognitoTokenVerifier({ userPoolId: AWS_POOL_ID, clientId: CLIENT_ID });
      aws.cacheJwks({ keys: [unpinned as never] });
      await expect(aws.verify(await sign({ iss: `https://cognito-idp.ap-south-1.amazonaws.com/${AWS_POOL_ID}` }, 'RS512'))).rejects.toThrow(/RS256/);
      await expect(aws.verify(await sign({ iss: `https://cognito-idp.ap-south-1.amazonaws.com/${AWS_POOL_ID}` }))).resolves.toEqual({ loginId: 'store@test.kabadi.in' });
    } finally {
      servedJwk = () => publicJwk;
    }
  });

  it('without COGNITO_ENDPOINT: only AWS\'s issuer for the pool', async () => {
    const verifier = cognitoTokenVerifier({ userPoolId: AWS_POOL_ID, clientId: CLIENT_ID });
    verifier.cacheJwks({ keys: [publicJwk as never] });
    await expect(verifier.verify(await sign({ iss: `https://cognito-idp.ap-south-1.amazonaws.com/${AWS_POOL_ID}` }))).resolves.toEqual({ loginId: 'store@test.kabadi.in' });
    await expect(verifier.verify(await sign({ iss: `${endpoint}/${AWS_POOL_ID}` }))).rejects.toThrow();
  });
});

describe('COGNITO_ENDPOINT', () => {
  const cognito = { AUTH_PROVIDER: 'cognito', COGNITO_USER_POOL_ID: POOL_ID, COGNITO_CLIENT_ID: CLIENT_ID } as const;

  it('is an http(s) endpoint, kept without a trailing slash; unset means AWS', () => {
    expect(testConfig({ ...cognito, COGNITO_ENDPOINT: 'http://localhost:9229/' }).COGNITO_ENDPOINT).toBe('http://localhost:9229');
    expect(testConfig({ ...cognito, COGNITO_ENDPOINT: 'https://pool.example.in/cognito/' }).COGNITO_ENDPOINT).toBe('https://pool.example.in/cognito');
    expect(testConfig({ ...cognito, COGNITO_ENDPOINT: '' }).COGNITO_ENDPOINT).toBeUndefined();
    for (const bad of ['localhost:9229', 'ftp://pool.example.in', 'http://pool.example.in/?a=1', 'http://user:pass@pool.example.in']) {
      expect(() => loadConfig({ ...cognito, COGNITO_ENDPOINT: bad } as NodeJS.ProcessEnv), bad).toThrow(/COGNITO_ENDPOINT/);
    }
  });

  it('goes to the browser in /config.json, and into the web app\'s connect-src in place of AWS\'s endpoints', () => {
    const config = testConfig({ ...cognito, COGNITO_ENDPOINT: 'http://127.0.0.1:9229' });
    expect(publicConfig(config).auth).toMatchObject({ provider: 'cognito', userPoolId: POOL_ID, userPoolEndpoint: 'http://127.0.0.1:9229' });
    // Without an endpoint the document holds exactly design.md section 3's fields.
    expect(Object.keys(publicConfig(testConfig(cognito)).auth).sort()).toEqual(['domain', 'provider', 'redirectSignIn', 'redirectSignOut', 'responseType', 'userPoolClientId', 'userPoolId']);
    const connectSrc = (c: typeof config) => {
      const csp = webHelmetOptions(c).contentSecurityPolicy;
      return (csp as { directives: { connectSrc: string[] } }).directives.connectSrc;
    };
    expect(connectSrc(config)).toContain('http://127.0.0.1:9229');
    expect(connectSrc(config).join(' ')).not.toContain('amazonaws.com');
    expect(connectSrc(testConfig({ ...cognito, COGNITO_USER_POOL_ID: AWS_POOL_ID }))).toContain('https://cognito-idp.ap-south-1.amazonaws.com');
  });
});
