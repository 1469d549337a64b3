import { describe, expect, it, vi } from 'vitest';
import { TOKEN_EXPIRY_TOLERANCE_MS } from '@app/shared/constants';
import { ApiError } from './api-error';
import { createSessionStore, SessionExpiredError, STORAGE_KEYS, type SessionTokens, type SessionUser, type TokenRefresher } from './session';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    map,
  };
}

const NOW = 1_000_000;
const tokens = (expiresAt: number, n = 1): SessionTokens => ({ accessToken: `access-${n}`, idToken: `id-${n}`, refreshToken: `refresh-${n}`, expiresAt });
const user: SessionUser = { memberId: 7, loginId: 'a@x.in', name: 'A', role: 'admin', storeId: null, vendorId: null, driverId: null };

function setup(refresh: TokenRefresher['refresh'] = async () => tokens(NOW + 3_600_000, 2)) {
  const storage = memoryStorage();
  const store = createSessionStore({ storage, now: () => NOW });
  const refresher = { refresh: vi.fn(refresh), revoke: vi.fn(async () => undefined) };
  store.configure(refresher);
  return { storage, store, refresher };
}

describe('session tokens', () => {
  it('gives a fresh access token as it is', async () => {
    const { store, refresher } = setup();
    store.setTokens(tokens(NOW + 60_000));
    expect(await store.getAccessToken()).toBe('access-1');
    expect(refresher.refresh).not.toHaveBeenCalled();
  });

  it('refreshes an expired token, and one within the 5000 ms tolerance', async () => {
    for (const expiresAt of [NOW - 1, NOW + TOKEN_EXPIRY_TOLERANCE_MS]) {
      const { store, refresher } = setup();
      store.setTokens(tokens(expiresAt));
      expect(await store.getAccessToken()).toBe('access-2');
      expect(refresher.refresh).toHaveBeenCalledTimes(1);
      expect(store.getState().tokens?.refreshToken).toBe('refresh-2');
    }
  });

  it('refreshes on demand (forced)', async () => {
    const { store, refresher } = setup();
    store.setTokens(tokens(NOW + 60_000));
    expect(await store.getAccessToken({ forceRefresh: true })).toBe('access-2');
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
  });

  it('runs one refresh for many concurrent callers', async () => {
    let release!: (value: SessionTokens) => void;
    const { store, refresher } = setup(() => new Promise((resolve) => (release = resolve)));
    store.setTokens(tokens(NOW - 1));
    const waiting = Promise.all([store.getAccessToken(), store.getAccessToken(), store.getAccessToken({ forceRefresh: true })]);
    release(tokens(NOW + 3_600_000, 3));
    expect(await waiting).toEqual(['access-3', 'access-3', 'access-3']);
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
  });

  it('clears the session when the refresh is refused', async () => {
    const { store, storage } = setup(async () => {
      throw new ApiError(401, 'Your session has expired. Please sign in again.');
    });
    const ended = vi.fn();
    store.onSignOut(ended);
    store.setTokens(tokens(NOW - 1));
    store.setUser(user);
    await expect(store.getAccessToken()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(store.getState()).toMatchObject({ tokens: null, user: null, lastSignOut: 'expired' });
    expect(storage.map.has(STORAGE_KEYS.tokens)).toBe(false);
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('keeps the session when the refresh fails for want of a network', async () => {
    const { store } = setup(async () => {
      throw new ApiError(0, 'Cannot reach the server.', {}, 'network');
    });
    store.setTokens(tokens(NOW - 1));
    store.setUser(user);
    await expect(store.getAccessToken()).rejects.toMatchObject({ status: 0 });
    expect(store.isSignedIn()).toBe(true);
  });

  it('does not bring a session back when a refresh finishes after sign-out', async () => {
    let release!: (value: SessionTokens) => void;
    const { store } = setup(() => new Promise((resolve) => (release = resolve)));
    store.setTokens(tokens(NOW - 1));
    const pending = store.getAccessToken();
    await store.signOut('user');
    release(tokens(NOW + 3_600_000, 2));
    await pending;
    expect(store.getState().tokens).toBeNull();
  });
});

describe('two tabs', () => {
  it('never present the same refresh token twice: the second tab takes the first one\'s new tokens', async () => {
    const storage = memoryStorage();
    // A lock like navigator.locks: one holder at a time, in order.
    let queue = Promise.resolve();
    const lock = <T>(_name: string, task: () => Promise<T>) => {
      const result = queue.then(task);
      queue = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    };
    const refresh = vi.fn(async () => tokens(NOW + 3_600_000, 2));
    const tabA = createSessionStore({ storage, now: () => NOW, lock });
    const tabB = createSessionStore({ storage, now: () => NOW, lock });
    for (const tab of [tabA, tabB]) tab.configure({ refresh, revoke: async () => undefined });
    tabA.setTokens(tokens(NOW - 1));
    tabB.reload(); // the storage event
    expect(await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()])).toEqual(['access-2', 'access-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('sign-in and sign-out', () => {
  it('keeps tokens, member and userRole in storage; a new store reads them back', () => {
    const { store, storage } = setup();
    store.setTokens(tokens(NOW + 60_000));
    expect(store.isSignedIn()).toBe(false); // the member is not checked yet
    store.setUser(user);
    expect(store.isSignedIn()).toBe(true);
    expect(storage.map.get(STORAGE_KEYS.userRole)).toBe('admin');
    const again = createSessionStore({ storage, now: () => NOW });
    expect(again.getState()).toMatchObject({ tokens: tokens(NOW + 60_000), user });
  });

  it('signs out: clears tokens and identity at once, then revokes the refresh token', async () => {
    const { store, storage, refresher } = setup();
    storage.setItem('mui-mode', 'dark');
    store.setTokens(tokens(NOW + 60_000));
    store.setUser(user);
    await store.signOut('user');
    expect(store.getState()).toMatchObject({ tokens: null, user: null, lastSignOut: 'user' });
    expect(storage.map.has(STORAGE_KEYS.userRole)).toBe(false);
    expect(storage.map.get('mui-mode')).toBe('dark');
    expect(refresher.revoke).toHaveBeenCalledWith(tokens(NOW + 60_000));
  });

  it('clears the whole storage when asked (role mismatch)', async () => {
    const { store, storage } = setup();
    storage.setItem('mui-mode', 'dark');
    store.setTokens(tokens(NOW + 60_000));
    await store.signOut('role-mismatch', { clearStorage: true });
    expect(storage.map.size).toBe(0);
  });

  it('signs out even when the provider cannot revoke', async () => {
    const { store, refresher } = setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refresher.revoke.mockRejectedValueOnce(new ApiError(0, 'offline', {}, 'network'));
    store.setTokens(tokens(NOW + 60_000));
    await store.signOut();
    expect(store.getState().tokens).toBeNull();
  });

  it('a 401 means signed out', () => {
    const { store } = setup();
    store.setTokens(tokens(NOW + 60_000));
    store.setUser(user);
    store.markUnauthorized();
    expect(store.getState()).toMatchObject({ tokens: null, user: null, lastSignOut: 'unauthorized' });
  });
});
