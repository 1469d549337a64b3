import { describe, expect, it, vi } from 'vitest';
import { KEPT_START_PAGES_CACHE, RENDERED_START_HEADER, START_SESSION_PATH } from '@app/shared/rendered-start';
import { memoryCaches } from '@/test/memory-caches';
import { createSessionStore, type SessionTokens, type SessionUser } from './session';
import { keepStartCookie, keepStartPageInNewLanguage } from './start-cookie';

// The web host's start cookie (decision 089) follows the session: asked for with each new
// access token of a member who is in, dropped when the session ends.

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), clear: () => map.clear() };
}

const NOW = 1_000_000;
const tokens = (n: number): SessionTokens => ({ accessToken: `access-${n}`, idToken: null, refreshToken: null, expiresAt: NOW + 3_600_000 });
const user: SessionUser = { memberId: 7, loginId: 's@x.in', name: 'S', role: 'store', storeId: 1, vendorId: 1, driverId: null };

function setup() {
  const session = createSessionStore({ storage: memoryStorage(), now: () => NOW });
  session.configure({ refresh: async () => tokens(9), revoke: async () => undefined });
  const send = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
  keepStartCookie(session, send);
  const calls = () => send.mock.calls.map(([url, init]) => `${init?.method} ${String(url)} ${new Headers(init?.headers).get('authorization') ?? '-'}`);
  return { session, calls };
}

describe('the start cookie', () => {
  it('is asked for once the member is in, with their access token, and again with each new token only', () => {
    const { session, calls } = setup();
    session.setTokens(tokens(1));
    // Tokens alone are not a member let in yet (the sign-in's check comes first).
    expect(calls()).toEqual([]);
    session.setUser(user);
    session.setUser({ ...user, name: 'S2' });
    expect(calls()).toEqual([`POST ${START_SESSION_PATH} Bearer access-1`]);
    session.setTokens(tokens(2));
    session.setUser(user);
    expect(calls()).toEqual([`POST ${START_SESSION_PATH} Bearer access-1`, `POST ${START_SESSION_PATH} Bearer access-2`]);
  });

  it('is dropped when the session ends, and asked for again at the next sign-in even with the same token', async () => {
    const { session, calls } = setup();
    session.setTokens(tokens(1));
    session.setUser(user);
    await session.signOut('user');
    expect(calls().at(-1)).toBe(`DELETE ${START_SESSION_PATH} -`);
    session.setTokens(tokens(1));
    session.setUser(user);
    expect(calls().at(-1)).toBe(`POST ${START_SESSION_PATH} Bearer access-1`);
  });

  it("keeps the member's rendered start page once the cookie is set, and drops it with the session", async () => {
    const session = createSessionStore({ storage: memoryStorage(), now: () => NOW });
    session.configure({ refresh: async () => tokens(9), revoke: async () => undefined });
    const { storage, stores } = memoryCaches();
    const page = '<script data-app="/assets/index-abc.js">boot()</script><div hidden="" data-kept-line="">09:12</div>';
    const send = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method ? new Response(null, { status: 204, headers: { [RENDERED_START_HEADER]: 'store' } }) : new Response(page, { headers: { [RENDERED_START_HEADER]: 'store' } }),
    );
    keepStartCookie(session, send, () => storage);
    session.setTokens(tokens(1));
    session.setUser(user);
    await vi.waitFor(() => expect(stores.get(KEPT_START_PAGES_CACHE)?.has('/Store/Home')).toBe(true));
    expect(send.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`)).toEqual([`POST ${START_SESSION_PATH}`, 'GET /Store/Home']);
    await session.signOut('user');
    await vi.waitFor(() => expect(stores.has(KEPT_START_PAGES_CACHE)).toBe(false));
  });

  it('replaces the kept page when the language changes, and keeps none while the new one cannot come', async () => {
    const session = createSessionStore({ storage: memoryStorage(), now: () => NOW });
    session.configure({ refresh: async () => tokens(9), revoke: async () => undefined });
    const { storage, stores } = memoryCaches();
    let language = 'en';
    let online = true;
    const send = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const headers = { [RENDERED_START_HEADER]: 'store' };
      // The web host draws the page in the language of the cookie the request carries.
      return init?.method ? new Response(null, { status: 204, headers }) : new Response(`<html lang="${language}"><script data-app="/assets/index-abc.js">boot()</script><div hidden="" data-kept-line="">09:12</div>`, { headers });
    });
    const kept = async () => (await (await storage.open(KEPT_START_PAGES_CACHE)).match('/Store/Home'))?.text();
    keepStartCookie(session, send, () => storage);
    session.setTokens(tokens(1));
    session.setUser(user);
    await vi.waitFor(async () => expect(await kept()).toContain('lang="en"'));

    language = 'hi';
    keepStartPageInNewLanguage();
    await vi.waitFor(async () => expect(await kept()).toContain('lang="hi"'));
    // The same access token: the cookie is not asked for again, only the page.
    expect(send.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);

    // Offline, the copy in the language before goes all the same.
    online = false;
    language = 'en';
    keepStartPageInNewLanguage();
    await vi.waitFor(() => expect(stores.has(KEPT_START_PAGES_CACHE)).toBe(false));
  });

  it('keeps no page for a section without a rendered start (the admin), a browser the host renders none for, or a refused cookie', async () => {
    const rendered = { [RENDERED_START_HEADER]: 'store' };
    for (const [member, status, headers] of [
      [{ ...user, role: 'admin' as const }, 204, rendered],
      [user, 204, {}],
      [user, 401, rendered],
    ] as const) {
      const session = createSessionStore({ storage: memoryStorage(), now: () => NOW });
      const send = vi.fn(async () => new Response(null, { status, headers }));
      keepStartCookie(session, send, () => memoryCaches().storage);
      session.setTokens(tokens(1));
      session.setUser(member);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(send).toHaveBeenCalledTimes(1);
    }
  });

  it('is not worth an error when the web host cannot be reached', async () => {
    const session = createSessionStore({ storage: memoryStorage(), now: () => NOW });
    keepStartCookie(session, async () => Promise.reject(new TypeError('Failed to fetch')));
    session.setTokens(tokens(1));
    expect(() => session.setUser(user)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
