import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { cognitoTokenVerifier } from '../../auth/cognito-token-verifier';
import { PoolError, startCognitoLocal, type AuthAnswer, type LocalUserPool, type PoolTokens } from '../../test/cognito-local';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// AUTH_PROVIDER=cognito against a user pool (cognito-local, decision 038): the pool signs
// people in and refreshes their tokens; the API fetches the pool's keys from COGNITO_ENDPOINT
// and maps the access token's username to the member. No stubbed verifier: the one the
// configuration builds. The database plays no part in what is tested: one kind is enough.

describe('AUTH_PROVIDER=cognito against cognito-local', () => {
  let pool: LocalUserPool;
  let ctx: TestContext;

  beforeAll(async () => {
    pool = await startCognitoLocal();
    ctx = await createTestApp(TEST_DB_KINDS[0]!, {
      config: { AUTH_PROVIDER: 'cognito', COGNITO_USER_POOL_ID: pool.userPoolId, COGNITO_CLIENT_ID: pool.clientId, COGNITO_ENDPOINT: pool.endpoint },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await pool?.stop();
  });

  const tokensOf = (answer: AuthAnswer): PoolTokens => {
    expect(answer.ChallengeName, 'the sign-in asked for a further step').toBeUndefined();
    return answer.AuthenticationResult!;
  };
  const readMember = (loginId: string, token: string) =>
    ctx.app.inject({ method: 'GET', url: `/members/${encodeURIComponent(loginId)}`, headers: { authorization: `Bearer ${token}` } });
  /** A pool user made by an operator, who has set a permanent password: signed in. */
  async function poolUser(loginId: string, password = 'pool-pass-1'): Promise<PoolTokens> {
    await pool.adminCreateUser(loginId, 'temp-pass-1');
    await pool.setPassword(loginId, password);
    return tokensOf(await pool.signIn(loginId, password));
  }

  it('an admin-made pool user sets a password at the first sign-in, and its token is the member of that login id', async () => {
    const admin = await ctx.factories.createMember('admin');
    await pool.adminCreateUser(admin.loginId, 'temp-pass-1');

    // A temporary password signs nobody in: the pool asks for a new one first.
    const first = await pool.signIn(admin.loginId, 'temp-pass-1');
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.AuthenticationResult).toBeUndefined();
    const answered = await pool.call<AuthAnswer>('RespondToAuthChallenge', {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ClientId: pool.clientId,
      Session: first.Session,
      ChallengeResponses: { USERNAME: admin.loginId, NEW_PASSWORD: 'admin-pass-1' },
    });
    const tokens = tokensOf(answered);
    expect(decodeJwt(tokens.AccessToken)).toMatchObject({ iss: pool.issuer, token_use: 'access', client_id: pool.clientId, username: admin.loginId });

    const res = await readMember(admin.loginId, tokens.AccessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, login_id: admin.loginId, role: 'admin' });
    // The new password is the one from now on.
    await expect(pool.signIn(admin.loginId, 'temp-pass-1')).rejects.toBeInstanceOf(PoolError);
    tokensOf(await pool.signIn(admin.loginId, 'admin-pass-1'));
  });

  it('an admin creates a driver without a password; the pool user of the same e-mail is that driver', async () => {
    const admin = await ctx.factories.createMember('admin');
    const adminTokens = await poolUser(admin.loginId);
    const loginId = 'pool.driver@example.in';
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/drivers',
      headers: { authorization: `Bearer ${adminTokens.AccessToken}` },
      payload: { login_id: loginId, name: 'Deepak', phone: '9820055555', city_id: (await ctx.factories.cityIds())[0], vehicle_number: 'mh12 cd 3456' },
    });
    expect(created.statusCode).toBe(201);

    const driver = await poolUser(loginId);
    const res = await readMember(loginId, driver.AccessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.json().id, login_id: loginId, role: 'driver', is_verified: true });
    // Its own record only (another's is not there for it).
    expect((await readMember(admin.loginId, driver.AccessToken)).statusCode).toBe(404);
  });

  it('a vendor signs up in the pool, then at the API with its pool token, and waits for approval', async () => {
    const loginId = 'pool.vendor@example.in';
    const signedUp = await pool.call<{ UserConfirmed: boolean }>('SignUp', {
      ClientId: pool.clientId,
      Username: loginId,
      Password: 'vendor-pass-1',
      UserAttributes: [
        { Name: 'email', Value: loginId },
        { Name: 'name', Value: 'Pooja' },
      ],
    });
    // A pool without a pre-sign-up trigger confirms sign-ups by code; the operator's confirmation stands in for it.
    expect(signedUp.UserConfirmed).toBe(false);
    await pool.call('AdminConfirmSignUp', { UserPoolId: pool.userPoolId, Username: loginId });
    const tokens = tokensOf(await pool.signIn(loginId, 'vendor-pass-1'));

    const body = {
      login_id: loginId,
      name: 'Pooja',
      phone: '9820044444',
      member_type: 'vendor',
      vendor: { company_name: 'Pooja Metals', city_id: (await ctx.factories.cityIds())[0], address: '9 Ring Road' },
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: body, headers: { authorization: `Bearer ${tokens.AccessToken}` } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ login_id: loginId, role: 'vendor', is_verified: false });
    expect((await readMember(loginId, tokens.AccessToken)).json()).toMatchObject({ approval_status: 'pending', is_verified: false });
    // Another address than the pool user's is refused.
    const other = await ctx.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, login_id: 'someone.else@example.in' }, headers: { authorization: `Bearer ${tokens.AccessToken}` } });
    expect(other.statusCode).toBe(400);
  });

  it('refreshed tokens are accepted; a revoked refresh token refreshes no more', async () => {
    const store = await ctx.factories.createMember('store');
    const signedIn = await poolUser(store.loginId);
    // As Amplify refreshes (GetTokensFromRefreshToken).
    const refreshed = await pool.call<{ AuthenticationResult: PoolTokens }>('GetTokensFromRefreshToken', { ClientId: pool.clientId, RefreshToken: signedIn.RefreshToken });
    const access = refreshed.AuthenticationResult.AccessToken;
    expect(decodeJwt(access).jti).not.toBe(decodeJwt(signedIn.AccessToken).jti);
    expect((await readMember(store.loginId, access)).statusCode).toBe(200);

    // Signing out revokes the refresh token at the pool (Amplify calls RevokeToken when the token allows it).
    await pool.call('RevokeToken', { ClientId: pool.clientId, Token: signedIn.RefreshToken });
    await expect(pool.call('GetTokensFromRefreshToken', { ClientId: pool.clientId, RefreshToken: signedIn.RefreshToken })).rejects.toBeInstanceOf(PoolError);
  });

  it('refuses the pool\'s id tokens, another app client\'s tokens, another pool\'s and expired ones', async () => {
    const store = await ctx.factories.createMember('store');
    const tokens = await poolUser(store.loginId);
    expect((await readMember(store.loginId, tokens.AccessToken)).statusCode).toBe(200);
    expect((await readMember(store.loginId, tokens.IdToken)).statusCode).toBe(401);

    const otherClient = await pool.createClient('another-app');
    const ofOtherClient = tokensOf(await pool.signIn(store.loginId, 'pool-pass-1', otherClient));
    expect((await readMember(store.loginId, ofOtherClient.AccessToken)).statusCode).toBe(401);

    // cognito-local signs every pool's tokens with one key: only the issuer tells this pool's apart.
    const other = await startCognitoLocal({ poolName: 'another-pool' });
    try {
      await other.adminCreateUser(store.loginId, 'temp-pass-1');
      await other.setPassword(store.loginId, 'pool-pass-1');
      const foreign = tokensOf(await other.signIn(store.loginId, 'pool-pass-1'));
      expect(decodeJwt(foreign.AccessToken).iss).not.toBe(pool.issuer);
      expect((await readMember(store.loginId, foreign.AccessToken)).statusCode).toBe(401);
    } finally {
      await other.stop();
    }

    // Five seconds, not one: on a loaded machine the first verify (fetching the keys) took longer than a second.
    const shortLived = await pool.createClient('five-seconds', { AccessTokenValidity: 5, TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'minutes', RefreshToken: 'days' } });
    const verifier = cognitoTokenVerifier({ userPoolId: pool.userPoolId, clientId: shortLived, endpoint: pool.endpoint });
    const brief = tokensOf(await pool.signIn(store.loginId, 'pool-pass-1', shortLived)).AccessToken;
    await expect(verifier.verify(brief)).resolves.toEqual({ loginId: store.loginId });
    await new Promise((resolve) => setTimeout(resolve, 6_100));
    await expect(verifier.verify(brief)).rejects.toThrow(/expired/i);
  });

  it('with the e-mail as a username attribute the username is a uuid, which is no login id', async () => {
    // Why the pool must take the e-mail address as the username (README, decision 038).
    const pool2 = await pool.call<{ UserPool: { Id: string } }>('CreateUserPool', { PoolName: 'email-as-attribute', UsernameAttributes: ['email'] });
    const client = await pool.call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', { UserPoolId: pool2.UserPool.Id, ClientName: 'web' });
    const loginId = 'attribute.user@example.in';
    await pool.call('AdminCreateUser', { UserPoolId: pool2.UserPool.Id, Username: loginId, TemporaryPassword: 'temp-pass-1', MessageAction: 'SUPPRESS' });
    await pool.call('AdminSetUserPassword', { UserPoolId: pool2.UserPool.Id, Username: loginId, Password: 'pool-pass-1', Permanent: true });
    const tokens = tokensOf(await pool.signIn(loginId, 'pool-pass-1', client.UserPoolClient.ClientId));
    const verifier = cognitoTokenVerifier({ userPoolId: pool2.UserPool.Id, clientId: client.UserPoolClient.ClientId, endpoint: pool.endpoint });
    const { loginId: username } = await verifier.verify(tokens.AccessToken);
    expect(username).toMatch(/^[0-9a-f-]{36}$/);
  });
});
