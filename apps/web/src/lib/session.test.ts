import { describe, expect, it, vi } from 'vitest';
import { TOKEN_EXPIRY_TOLERANCE_MS } from '@app/shared/constants';
import { ApiError } from './api-error';
import { createSessionStore, isSignedIn, SessionExpiredError, STORAGE_KEYS, type SessionTokens, type SessionUser, type TokenRefresher } from './session';

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
  it('never refresh at the same time: they share one cookie, and the API spends it on use', async () => {
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
    let running = 0;
    let overlapped = false;
    let n = 1;
    const refresh = vi.fn(async () => {
      running += 1;
      if (running > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      n += 1;
      return tokens(NOW + 3_600_000, n);
    });
    const tabA = createSessionStore({ storage, now: () => NOW, lock });
    const tabB = createSessionStore({ storage, now: () => NOW, lock });
    for (const tab of [tabA, tabB]) tab.configure({ refresh, revoke: async () => undefined });
    tabA.setTokens(tokens(NOW - 1));
    tabB.setTokens(tokens(NOW - 1));
    await Promise.all([tabA.getAccessToken(), tabB.getAccessToken()]);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(overlapped).toBe(false);
  });

  it('follow a sign-out in another tab', () => {
    const storage = memoryStorage();
    const tabA = createSessionStore({ storage, now: () => NOW });
    tabA.setTokens(tokens(NOW + 60_000));
    tabA.setUser(user);
    const tabB = createSessionStore({ storage, now: () => NOW });
    storage.removeItem(STORAGE_KEYS.user);
    tabA.reload();
    expect(tabA.getState()).toMatchObject({ tokens: null, user: null, lastSignOut: 'user' });
    tabB.reload();
    expect(tabB.getState().user).toBeNull();
  });
});

describe('sign-in and sign-out', () => {
  it('keeps the member and userRole in storage but never a token; a reload resumes through the refresh cookie', async () => {
    const { store, storage } = setup();
    store.setTokens(tokens(NOW + 60_000));
    expect(store.isSignedIn()).toBe(false); // the member is not checked yet
    store.setUser(user);
    expect(store.isSignedIn()).toBe(true);
    expect(storage.map.get(STORAGE_KEYS.userRole)).toBe('admin');
    expect([...storage.map.values()].join(' ')).not.toMatch(/access-|refresh-/);
    const again = createSessionStore({ storage, now: () => NOW });
    expect(again.getState()).toMatchObject({ tokens: null, user });
    expect(again.isSignedIn()).toBe(false);
    const refresh = vi.fn(async () => tokens(NOW + 3_600_000, 5));
    again.configure({ refresh, revoke: async () => undefined });
    await again.resume();
    expect(refresh).toHaveBeenCalledWith(null);
    expect(again.isSignedIn()).toBe(true);
    expect(await again.getAccessToken()).toBe('access-5');
  });

  it('ends a session whose cookie is refused on reload as expired', async () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const store = createSessionStore({ storage, now: () => NOW });
    store.configure({
      refresh: async () => {
        throw new ApiError(401, 'Your session has expired. Please sign in again.');
      },
      revoke: async () => undefined,
    });
    await store.resume();
    expect(store.getState()).toMatchObject({ tokens: null, user: null, lastSignOut: 'expired' });
  });

  it('removes tokens an earlier version left in storage', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.tokens, JSON.stringify(tokens(NOW + 60_000)));
    createSessionStore({ storage, now: () => NOW });
    expect(storage.map.has(STORAGE_KEYS.tokens)).toBe(false);
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

describe('a start without a network', () => {
  const offlineError = () => new ApiError(0, 'Cannot reach the server.', {}, 'network');

  function offlineStart(refresh: TokenRefresher['refresh']) {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    let online: ((online: boolean) => void) | null = null;
    const store = createSessionStore({
      storage,
      now: () => NOW,
      subscribeOnline: (listener) => {
        online = listener;
        return () => (online = null);
      },
    });
    const refresher = { refresh: vi.fn(refresh), revoke: vi.fn(async () => undefined) };
    store.configure(refresher);
    const ended = vi.fn();
    store.onSignOut(ended);
    const goOnline = async () => {
      online?.(true);
      // The resume runs in the background: let it settle.
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { store, storage, refresher, ended, goOnline };
  }

  it('counts the known member signed in while the resume is in flight, and signs out when it is refused', async () => {
    let refuse: (error: Error) => void = () => undefined;
    const { store, ended } = offlineStart(() => new Promise((_, reject) => (refuse = reject)));
    const resumed = store.resume();
    // The section renders at once (main.tsx does not wait): its requests wait for this refresh.
    expect(store.getState()).toMatchObject({ tokens: null, user, resuming: true });
    expect(store.isSignedIn()).toBe(true);
    const token = store.getAccessToken();
    refuse(new ApiError(401, 'Refresh token is invalid', {}));
    await resumed;
    await expect(token).rejects.toBeInstanceOf(SessionExpiredError);
    expect(store.getState()).toMatchObject({ tokens: null, user: null, resuming: false, lastSignOut: 'expired' });
    expect(store.isSignedIn()).toBe(false);
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('ends the resuming state with the tokens once the refresh succeeds', async () => {
    const { store } = offlineStart(async () => ({ accessToken: 'access-r', idToken: null, refreshToken: null, expiresAt: NOW + 3_600_000 }));
    await store.resume();
    expect(store.getState()).toMatchObject({ tokens: { accessToken: 'access-r' }, user, resuming: false, offline: false });
  });

  it('keeps the known member signed in, offline, when the resume fails only for want of a network', async () => {
    const { store, storage, ended } = offlineStart(async () => {
      throw offlineError();
    });
    await store.resume();
    expect(store.getState()).toMatchObject({ tokens: null, user, offline: true, lastSignOut: null });
    expect(store.isSignedIn()).toBe(true);
    expect(ended).not.toHaveBeenCalled();
    expect(storage.map.get(STORAGE_KEYS.user)).toBe(JSON.stringify(user));
  });

  it('lets API calls meanwhile fail as network errors, never as a sign-out', async () => {
    const { store, ended } = offlineStart(async () => {
      throw offlineError();
    });
    await store.resume();
    await expect(store.getAccessToken()).rejects.toMatchObject({ status: 0, kind: 'network' });
    await expect(store.getAccessToken({ forceRefresh: true })).rejects.toMatchObject({ status: 0 });
    expect(store.isSignedIn()).toBe(true);
    expect(ended).not.toHaveBeenCalled();
  });

  it('resumes when the browser is back online: tokens again, no longer offline', async () => {
    let network = false;
    const { store, refresher, goOnline } = offlineStart(async () => {
      if (!network) throw offlineError();
      return tokens(NOW + 3_600_000, 4);
    });
    await store.resume();
    expect(store.getState().offline).toBe(true);
    network = true;
    await goOnline();
    expect(refresher.refresh).toHaveBeenCalledTimes(2);
    expect(store.getState()).toMatchObject({ tokens: { accessToken: 'access-4' }, user, offline: false });
    expect(await store.getAccessToken()).toBe('access-4');
  });

  it('signs out as before when the refresh is refused once the network is back', async () => {
    let network = false;
    const { store, ended, goOnline } = offlineStart(async () => {
      if (!network) throw offlineError();
      throw new ApiError(401, 'Your session has expired. Please sign in again.');
    });
    await store.resume();
    network = true;
    await goOnline();
    expect(store.getState()).toMatchObject({ tokens: null, user: null, offline: false, lastSignOut: 'expired' });
    expect(store.isSignedIn()).toBe(false);
    expect(ended).toHaveBeenCalledWith('expired');
  });

  it('leaves the offline state at any successful refresh, even before the browser says it is online', async () => {
    let network = false;
    const { store } = offlineStart(async () => {
      if (!network) throw offlineError();
      return tokens(NOW + 3_600_000, 6);
    });
    await store.resume();
    network = true;
    expect(await store.getAccessToken()).toBe('access-6');
    expect(store.getState().offline).toBe(false);
  });

  it('can be signed out while offline, and a later online event brings nothing back', async () => {
    const { store, refresher, goOnline, ended } = offlineStart(async () => {
      throw offlineError();
    });
    await store.resume();
    await store.signOut('user');
    expect(store.getState()).toMatchObject({ tokens: null, user: null, offline: false, lastSignOut: 'user' });
    expect(ended).toHaveBeenCalledWith('user');
    await goOnline();
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
    expect(store.isSignedIn()).toBe(false);
  });

  it('does nothing online for a member who has tokens, or for nobody', async () => {
    const { store, refresher, goOnline } = offlineStart(async () => tokens(NOW + 3_600_000, 2));
    await store.resume();
    await goOnline();
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
    await store.signOut('user');
    await goOnline();
    expect(refresher.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('isSignedIn', () => {
  it('needs the member, and tokens or the offline mark', () => {
    const some = tokens(NOW + 60_000);
    expect(isSignedIn({ tokens: some, user, offline: false })).toBe(true);
    expect(isSignedIn({ tokens: null, user, offline: true })).toBe(true);
    expect(isSignedIn({ tokens: null, user, offline: false })).toBe(false);
    expect(isSignedIn({ tokens: some, user: null, offline: false })).toBe(false);
    expect(isSignedIn({ tokens: null, user: null, offline: true })).toBe(false);
  });
});
