import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_PASSWORD, type TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { REFRESH_COOKIE } from './refresh-cookie';

/** The refresh cookie of a Set-Cookie header, with its attributes. */
function refreshCookieOf(setCookie: string | string[] | undefined) {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
  return { value: pair.slice(REFRESH_COOKIE.length + 1), attrs: attrs.map((a) => a.toLowerCase()) };
}

describe.each(TEST_DB_KINDS)('the refresh token cookie on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
  });
  afterAll(async () => ctx?.close());

  const login = () => ctx.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: store.loginId, password: TEST_PASSWORD } });
  const withCookie = (url: string, token: string) =>
    ctx.app.inject({ method: 'POST', url, payload: {}, headers: { cookie: `${REFRESH_COOKIE}=${token}` } });

  it('is set by sign-in: httpOnly, SameSite=Strict, path /auth, not Secure in dev; the JSON body keeps the token', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    const cookie = refreshCookieOf(res.headers['set-cookie']);
    expect(cookie?.value).toBe(res.json().refresh_token);
    expect(cookie?.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/auth']));
    expect(cookie?.attrs.some((a) => a.startsWith('max-age='))).toBe(true);
    expect(cookie?.attrs).not.toContain('secure');
  });

  it('is read by /auth/refresh when the body has none, and rotated; a replayed one ends the session', async () => {
    const first = refreshCookieOf((await login()).headers['set-cookie'])!.value;
    const refreshed = await withCookie('/auth/refresh', first);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const second = refreshCookieOf(refreshed.headers['set-cookie'])!.value;
    expect(second).not.toBe(first);
    expect(second).toBe(refreshed.json().refresh_token);
    // Once the session has moved on (decision 074: before, a repeat is a lost answer).
    const third = refreshCookieOf((await withCookie('/auth/refresh', second)).headers['set-cookie'])!.value;
    const replayed = await withCookie('/auth/refresh', first);
    expect(replayed.statusCode).toBe(401);
    expect(refreshCookieOf(replayed.headers['set-cookie'])?.value).toBe('');
    expect((await withCookie('/auth/refresh', third)).statusCode).toBe(401);
  });

  it('is read by a refresh with no body at all, as the web app sends it (a simple request: no CORS preflight first)', async () => {
    const token = refreshCookieOf((await login()).headers['set-cookie'])!.value;
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/refresh', headers: { cookie: `${REFRESH_COOKIE}=${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(refreshCookieOf(res.headers['set-cookie'])?.value).toBe(res.json().refresh_token);
    // Without a cookie either: the session is over, not a malformed request.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/refresh' })).statusCode).toBe(401);
  });

  it('is read and cleared by /auth/logout', async () => {
    const token = refreshCookieOf((await login()).headers['set-cookie'])!.value;
    const out = await withCookie('/auth/logout', token);
    expect(out.statusCode).toBe(204);
    expect(refreshCookieOf(out.headers['set-cookie'])?.value).toBe('');
    expect((await withCookie('/auth/refresh', token)).statusCode).toBe(401);
  });

  it('answers 401 to a refresh with neither body nor cookie', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/refresh', payload: {} })).statusCode).toBe(401);
  });

  it('keeps working for API clients that send the token in the body', async () => {
    const token = (await login()).json().refresh_token;
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: token } });
    expect(res.statusCode).toBe(200);
  });

  it('is Secure outside dev', async () => {
    const prod = await createTestApp(kind, { config: { APP_ENV: 'production' } });
    try {
      const member = await prod.factories.createMember('vendor');
      const res = await prod.app.inject({ method: 'POST', url: '/auth/login', payload: { login_id: member.loginId, password: TEST_PASSWORD } });
      expect(refreshCookieOf(res.headers['set-cookie'])?.attrs).toContain('secure');
    } finally {
      await prod.close();
    }
  });
});
