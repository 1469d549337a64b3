// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/session';

// The session's start (decision 087): run before the app, it reads /config.json once and
// resumes the member the device knows through the refresh cookie; the app's start finds it done.

const API = 'http://api.example.test';
const STORE = { memberId: 7, loginId: 'store@demo.kabadi.in', name: 'Sunita Store', role: 'store', storeId: 1, vendorId: null, driverId: null };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  vi.resetModules();
});

function answering(routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    const route = Object.keys(routes).find((path) => url === path || url.startsWith(`${API}${path}`));
    if (!route) throw new TypeError(`no route for ${url}`);
    return routes[route]!();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe("the session's start", () => {
  it('reads the configuration once and resumes the stored member through the cookie', async () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STORE));
    // The session reads the stored member when its module is evaluated: a fresh one, as a page load.
    vi.resetModules();
    const fetchMock = answering({
      '/config.json': () => json({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } }),
      '/auth/refresh': () => json({ access_token: 'a.b.c', expires_in: 900 }),
    });
    const { startSession } = await import('./session-start');
    await startSession();
    const { session } = await import('@/lib/session');
    expect(session.getState().tokens?.accessToken).toBe('a.b.c');
    expect(session.getState().resuming).toBe(false);
    const calls = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    // The module's own start and the call above share one read and one refresh.
    expect(calls.filter((call) => call.endsWith('/config.json'))).toHaveLength(1);
    expect(calls.filter((call) => call === `POST ${API}/auth/refresh`)).toHaveLength(1);
    expect(fetchMock.mock.calls.find(([input]) => String(input).endsWith('/auth/refresh'))?.[1]?.credentials).toBe('include');
  });

  it('asks the API for nothing when the device knows no member', async () => {
    const fetchMock = answering({ '/config.json': () => json({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } }) });
    const { startSession } = await import('./session-start');
    await startSession();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/config.json']);
  });
});
