import { describe, expect, it, vi } from 'vitest';
import { RETRY_POLICY } from '@app/shared/constants';
import { ApiError } from './api-error';
import { createApiClient, type ApiClientDeps } from './api-client';
import { createSessionStore, STORAGE_KEYS } from './session';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(responses: Array<Response | Error>, token: string | null = 'tok-1') {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const session = {
    getAccessToken: vi.fn(async ({ forceRefresh = false } = {}) => (forceRefresh ? 'tok-2' : token)),
    markUnauthorized: vi.fn(),
  };
  const sleep = vi.fn(async (_ms: number, _signal?: AbortSignal) => undefined);
  const deps: ApiClientDeps = { fetch: fetchMock as unknown as typeof fetch, baseUrl: () => 'http://api.test/', session, sleep, random: () => 0.5 };
  return { client: createApiClient(deps), calls, session, sleep };
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('api client', () => {
  it('joins base URL, path and query (empty values skipped) and sends the bearer token', async () => {
    const { client, calls } = setup([json([{ id: 1 }])]);
    expect(await client.get('/orders', { query: { status: ['pending', 'moving'], search: '', created_at__gt: undefined } })).toEqual([{ id: 1 }]);
    expect(calls[0]?.url).toBe('http://api.test/orders?status=pending%2Cmoving&created_at__gt=');
    expect(header(calls[0]!.init, 'authorization')).toBe('Bearer tok-1');
  });

  it('sends JSON bodies, and no token when auth is off', async () => {
    const { client, calls } = setup([json({ ok: true }, 201)]);
    await client.post('/auth/signup', { login_id: 'a@x.in' }, { auth: false });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"login_id":"a@x.in"}');
    expect(header(calls[0]!.init, 'content-type')).toBe('application/json');
    expect(header(calls[0]!.init, 'authorization')).toBeUndefined();
  });

  it('sends cookies only when asked (the refresh cookie calls)', async () => {
    const { client, calls } = setup([json({}), json({})]);
    await client.post('/auth/refresh', {}, { auth: false, credentials: 'include' });
    await client.get('/orders');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[1]?.init.credentials).toBeUndefined();
  });

  it('turns {detail, errors} into an ApiError', async () => {
    const { client } = setup([json({ detail: 'store.name: Enter the store name', errors: { 'store.name': ['Enter the store name'] } }, 400)]);
    const error = await client.post('/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, detail: 'store.name: Enter the store name', errors: { 'store.name': ['Enter the store name'] }, fromServer: true });
  });

  it('reports no answer as status 0', async () => {
    const { client } = setup([new TypeError('Failed to fetch')]);
    await expect(client.post('/x', {})).rejects.toMatchObject({ status: 0, kind: 'network' });
  });

  it('retries a GET on 503 with the shared backoff, then succeeds', async () => {
    const { client, calls, sleep } = setup([json({ detail: 'busy' }, 503), json({ detail: 'busy' }, 503), json({ ok: 1 })]);
    expect(await client.get('/materials')).toEqual({ ok: 1 });
    expect(calls).toHaveLength(3);
    // 2^attempt x 100 ms + jitter (random 0.5 -> 50 ms)
    expect(sleep.mock.calls.map((call) => call[0])).toEqual([250, 450]);
  });

  it('gives up after RETRY_POLICY.maxAttempts', async () => {
    const { client, calls } = setup(Array.from({ length: 5 }, () => json({ detail: 'down' }, 502)));
    await expect(client.get('/materials')).rejects.toMatchObject({ status: 502, detail: 'down' });
    expect(calls).toHaveLength(RETRY_POLICY.maxAttempts);
  });

  it('honours Retry-After on 429', async () => {
    const { client, sleep } = setup([json({ detail: 'slow down' }, 429, { 'retry-after': '2' }), json([])]);
    await client.get('/orders');
    expect(sleep.mock.calls[0]?.[0]).toBe(2000);
  });

  it('does not retry a POST, nor a 4xx', async () => {
    const post = setup([json({ detail: 'busy' }, 503)]);
    await expect(post.client.post('/orders/', {})).rejects.toMatchObject({ status: 503 });
    expect(post.calls).toHaveLength(1);
    const get = setup([json({ detail: 'no' }, 404)]);
    await expect(get.client.get('/orders/9/')).rejects.toMatchObject({ status: 404 });
    expect(get.calls).toHaveLength(1);
  });

  it('on a 401 refreshes the token once and tries again', async () => {
    const { client, calls, session } = setup([json({ detail: 'expired' }, 401), json({ id: 1 })]);
    expect(await client.get('/members/a@x.in')).toEqual({ id: 1 });
    expect(header(calls[1]!.init, 'authorization')).toBe('Bearer tok-2');
    expect(session.markUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 after the refresh means signed out', async () => {
    const { client, session } = setup([json({ detail: 'no' }, 401), json({ detail: 'still no' }, 401)]);
    await expect(client.get('/orders')).rejects.toMatchObject({ status: 401 });
    expect(session.markUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('takes an answer that is not JSON (a proxy page) for a format error', async () => {
    const { client } = setup([new Response('<html>Bad gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } })]);
    await expect(client.get('/x')).rejects.toMatchObject({ kind: 'format' });
  });

});

describe('api client with a session kept signed in offline', () => {
  it('fails a call as a network error, never as a 401 that would sign the member out', async () => {
    const storage = new Map<string, string>();
    storage.set(STORAGE_KEYS.user, JSON.stringify({ memberId: 3, loginId: 's@x.in', name: 'S', role: 'store', storeId: 1, vendorId: null, driverId: null }));
    const session = createSessionStore({
      storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v), removeItem: (k) => void storage.delete(k), clear: () => storage.clear() },
      subscribeOnline: () => () => undefined,
    });
    session.configure({
      refresh: async () => {
        throw new ApiError(0, 'Cannot reach the server.', {}, 'network');
      },
      revoke: async () => undefined,
    });
    await session.resume();
    expect(session.getState().offline).toBe(true);
    const ended = vi.fn();
    session.onSignOut(ended);
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch: fetchMock as unknown as typeof fetch, baseUrl: () => 'http://api.test', session, sleep: async () => undefined, random: () => 0.5 });
    await expect(client.get('/orders')).rejects.toMatchObject({ status: 0, kind: 'network' });
    expect(ended).not.toHaveBeenCalled();
    expect(session.isSignedIn()).toBe(true);
  });
});
