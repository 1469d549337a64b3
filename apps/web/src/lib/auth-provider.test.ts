import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { createLocalAuthProvider } from './auth-provider';

// The CORS-safelisted request headers a simple request may carry (fetch standard).
const SAFELISTED = ['accept', 'accept-language', 'content-language'];

describe('the local auth provider', () => {
  it("refreshes with a CORS simple request: the cookie, no body, no content type, no header that would need a preflight", async () => {
    const calls: RequestInit[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      return new Response(JSON.stringify({ access_token: 'a', refresh_token: 'r', id_token: null, expires_in: 900, token_type: 'Bearer' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = createApiClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
      baseUrl: () => 'http://api.test',
      session: { getAccessToken: async () => 'never-sent', markUnauthorized: () => undefined },
      sleep: async () => undefined,
      random: () => 0.5,
    });
    await createLocalAuthProvider(client).refresh(null);
    const [init] = calls;
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(Object.keys(init?.headers ?? {}).filter((name) => !SAFELISTED.includes(name.toLowerCase()))).toEqual([]);
  });
});
