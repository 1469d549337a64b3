import type { Page, Request } from '@playwright/test';
import { startCognitoLocal, type LocalUserPool, type PoolCall } from '../apps/api/src/test/cognito-local';
import { startCognitoInstance, type CognitoInstance } from './cognito-instance';
import { expect, INCORRECT_ACCOUNT, signOut, submitLogin, test } from './support';

// AUTH_PROVIDER=cognito in the browser (decision 038): the web app's Amplify signs in,
// refreshes and signs out against a user pool (cognito-local, started here with its own
// product instance, cognito-instance.ts), and the API accepts the pool's access tokens.

const ADMIN = 'pool.admin@e2e.kabadi.in';
const MORE_STEPS = /needs a step this app cannot do yet \(CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED\)/;

let pool: LocalUserPool;
let instance: CognitoInstance;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  pool = await startCognitoLocal();
  instance = await startCognitoInstance(pool, ADMIN);
});

test.afterAll(async () => {
  await instance?.stop();
  await pool?.stop();
});

const callsSince = (start: number): PoolCall[] => pool.calls.slice(start);
const claimsOf = (request: Request): Record<string, unknown> => {
  const token = (request.headers()['authorization'] ?? '').replace(/^Bearer /, '');
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
};
/** The next answer of the API to a request that carried a token other than `old`'s (a request still in flight may carry it). */
const nextApiCallWithNewToken = (page: Page, old: Record<string, unknown>) =>
  page.waitForResponse((r) => r.url().startsWith(instance.apiUrl) && !!r.request().headers()['authorization'] && claimsOf(r.request()).jti !== old.jti);

test('the web app is configured with the pool and its endpoint', async ({ request }) => {
  const config = (await (await request.get(`${instance.webUrl}/config.json`)).json()) as { auth: Record<string, unknown> };
  expect(config.auth).toMatchObject({ provider: 'cognito', userPoolId: pool.userPoolId, userPoolClientId: pool.clientId, userPoolEndpoint: pool.endpoint });
});

test('an admin made in the pool signs in once its password is set, is refreshed on reload, and signs out', async ({ page }) => {
  await pool.adminCreateUser(ADMIN, 'temp-pass-1');
  await page.goto(`${instance.webUrl}/login`);

  await test.step('a temporary password needs a step the app does not offer', async () => {
    const start = pool.calls.length;
    await submitLogin(page, ADMIN, 'temp-pass-1');
    await expect(page.getByText(MORE_STEPS)).toBeVisible();
    // Amplify's default sign-in: SRP, its password proven without sending it.
    expect(callsSince(start)).toEqual(
      expect.arrayContaining([
        { target: 'InitiateAuth', authFlow: 'USER_SRP_AUTH' },
        { target: 'RespondToAuthChallenge', challenge: 'PASSWORD_VERIFIER' },
      ]),
    );
  });

  await test.step('a wrong password is refused', async () => {
    await submitLogin(page, ADMIN, 'not-the-password');
    await expect(page.getByText(INCORRECT_ACCOUNT)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/i);
  });

  let firstToken: Record<string, unknown> = {};
  await test.step('with the password the operator set, the admin is in and the API takes the pool\'s token', async () => {
    await pool.setPassword(ADMIN, 'admin-pass-1');
    const member = page.waitForResponse((r) => r.url().startsWith(`${instance.apiUrl}/members/`) && r.request().method() === 'GET');
    await submitLogin(page, ADMIN, 'admin-pass-1');
    const answer = await member;
    expect(answer.status()).toBe(200);
    firstToken = claimsOf(answer.request());
    expect(firstToken).toMatchObject({ iss: pool.issuer, token_use: 'access', client_id: pool.clientId, username: ADMIN });
    await expect(page).toHaveURL(/\/Admin\//);
  });

  await test.step('a reload brings the session back through the pool\'s refresh', async () => {
    const start = pool.calls.length;
    // The tokens were in memory only: after the reload, requests carry the refreshed ones.
    const next = nextApiCallWithNewToken(page, firstToken);
    await page.reload();
    const answer = await next;
    expect(answer.status()).toBe(200);
    expect(claimsOf(answer.request())).toMatchObject({ iss: pool.issuer, token_use: 'access', username: ADMIN });
    expect(callsSince(start)).toContainEqual({ target: 'GetTokensFromRefreshToken' });
    await expect(page).toHaveURL(/\/Admin\//);
  });

  await test.step('signing out ends the session here and in Amplify', async () => {
    await signOut(page);
    const amplifyTokens = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.') && /(accessToken|refreshToken|idToken)$/.test(key)));
    expect(amplifyTokens).toEqual([]);
    const start = pool.calls.length;
    await page.goto(`${instance.webUrl}/Admin/Vendors`);
    await expect(page).toHaveURL(/\/Login(\?|$)/i);
    expect(callsSince(start)).not.toContainEqual({ target: 'GetTokensFromRefreshToken' });
  });
});
