import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_CONFIG, setRuntimeConfig } from '@/config/runtime-config';
import { providerRefresher } from '@/lib/auth-provider';
import { session } from '@/lib/session';
import { signInWithPassword, SignInRefusedError } from './sign-in';

// The guard of product-spec.md sections 5, 6 and 8 against a fake API.

const member = (overrides: Record<string, unknown> = {}) => ({
  id: 9,
  login_id: 'store@x.in',
  name: 'Sunita',
  role: 'store',
  is_verified: true,
  approval_status: 'approved',
  store_id: 4,
  vendor_id: 2,
  driver_id: null,
  ...overrides,
});

function fakeApi(memberBody: unknown, loginStatus = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      calls.push(`${init.method} ${path}`);
      const reply = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/auth/login') {
        return loginStatus === 200
          ? reply({ access_token: 'a', id_token: 'i', refresh_token: 'r', expires_in: 3600, token_type: 'Bearer' })
          : reply({ detail: 'Incorrect account or password' }, loginStatus);
      }
      if (path.startsWith('/members/')) return reply(memberBody);
      if (path === '/auth/logout') return reply(null, 204);
      return reply({ detail: 'Not found' }, 404);
    }),
  );
  return calls;
}

describe('sign-in guard', () => {
  beforeEach(() => {
    session.configure(providerRefresher); // as app/main.tsx does
    setRuntimeConfig({ ...FALLBACK_CONFIG, apiBaseUrl: 'http://api.test', env: 'production', role: 'store' });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await session.signOut('user');
  });

  it('lets a verified member of the deployment role in, keeping userRole', async () => {
    const calls = fakeApi(member());
    const user = await signInWithPassword('store@x.in', 'pw');
    expect(user).toMatchObject({ role: 'store', storeId: 4, loginId: 'store@x.in' });
    expect(session.isSignedIn()).toBe(true);
    expect(calls).toEqual(['POST /auth/login', 'GET /members/store%40x.in']);
  });

  it('refuses an unverified member and signs out (revoking the refresh token)', async () => {
    const calls = fakeApi(member({ is_verified: false, approval_status: 'pending' }));
    const error = await signInWithPassword('store@x.in', 'pw').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInRefusedError);
    expect((error as SignInRefusedError).reason).toBe('not-verified');
    expect(session.getState()).toMatchObject({ tokens: null, user: null });
    expect(calls).toContain('POST /auth/logout');
  });

  it('outside dev refuses another role ("Incorrect account or password")', async () => {
    fakeApi(member({ role: 'vendor' }));
    const error = await signInWithPassword('store@x.in', 'pw').catch((e: unknown) => e);
    expect((error as SignInRefusedError).reason).toBe('role-mismatch');
    expect(session.isSignedIn()).toBe(false);
  });

  it('in dev lets any role in', async () => {
    setRuntimeConfig({ ...FALLBACK_CONFIG, apiBaseUrl: 'http://api.test', env: 'dev', role: 'admin' });
    fakeApi(member({ role: 'driver' }));
    await expect(signInWithPassword('store@x.in', 'pw')).resolves.toMatchObject({ role: 'driver' });
  });

  it('passes the server message of a wrong password on', async () => {
    fakeApi(member(), 401);
    await expect(signInWithPassword('store@x.in', 'nope')).rejects.toMatchObject({ status: 401, detail: 'Incorrect account or password' });
    expect(session.getState().tokens).toBeNull();
  });
});
