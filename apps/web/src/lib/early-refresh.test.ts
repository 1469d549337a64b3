// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { api } from './api-client';
import { createLocalAuthProvider } from './auth-provider';

// The app's side of index.html's early refresh (app/frame-boot.ts, decision 050): the first
// refresh adopts the boot script's answer, anything else asks the API as always.

function provider() {
  const post = vi.fn(async () => ({ access_token: 'asked', id_token: null, expires_in: 3600 }));
  return { auth: createLocalAuthProvider({ post } as unknown as typeof api), post };
}

describe('the local provider and the boot script’s refresh', () => {
  afterEach(() => {
    delete window.kbRefresh;
  });

  it('takes the tokens the boot script got, once, and asks the API for the next refresh', async () => {
    window.kbRefresh = Promise.resolve({ answer: { access_token: 'early', id_token: 'id', expires_in: 60 }, receivedAt: 1_000 });
    const { auth, post } = provider();
    expect(await auth.refresh(null)).toEqual({ accessToken: 'early', idToken: 'id', refreshToken: null, expiresAt: 61_000 });
    expect(post).not.toHaveBeenCalled();
    expect(window.kbRefresh).toBeUndefined();
    expect((await auth.refresh(null)).accessToken).toBe('asked');
    expect(post).toHaveBeenCalledWith('/auth/refresh', {}, expect.objectContaining({ credentials: 'include' }));
  });

  it.each([
    ['got no token answer (refused, or no network)', () => Promise.resolve(null)],
    ['failed', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['got something else than tokens', () => Promise.resolve({ answer: { message: 'odd' }, receivedAt: 1 })],
  ])('asks the API itself when the boot script’s refresh %s', async (_, early) => {
    window.kbRefresh = early();
    const { auth, post } = provider();
    expect((await auth.refresh(null)).accessToken).toBe('asked');
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('asks the API when there was no boot script refresh', async () => {
    const { auth, post } = provider();
    expect((await auth.refresh(null)).accessToken).toBe('asked');
    expect(post).toHaveBeenCalledTimes(1);
  });
});
