import { useSyncExternalStore } from 'react';
import { ROLES, TOKEN_EXPIRY_TOLERANCE_MS, type Role } from '@app/shared/constants';
import { isNetworkFailure } from './api-error';
import { subscribeOnline } from './network-status';

// The session: tokens and the signed-in member. The tokens live in memory only: with
// local auth the refresh token is an httpOnly cookie the browser sends to /auth/refresh
// (design.md section 14), so no script can read a credential from storage. localStorage
// keeps only who is signed in (not secret), so that a reload knows to resume the session
// through the cookie. product-spec.md section 4: tokens are refreshed when expired or
// within TOKEN_EXPIRY_TOLERANCE_MS of expiry, or when forced; a refresh failure other
// than a network error ends the session; only one refresh runs at a time.
// Offline (design.md section 15): a reload without a network cannot bring the tokens back,
// yet the member is known. They stay signed in, `offline`, and see what the device kept
// (decision 029); the session tries again when the browser is back online, and a refused
// refresh then signs them out as it always does.

export interface SessionTokens {
  accessToken: string;
  idToken: string | null;
  /** Always null in the browser: the local provider's is an httpOnly cookie, and Amplify keeps the pool's itself. */
  refreshToken: string | null;
  /** Epoch ms when the access (and id) token expires. */
  expiresAt: number;
}

export interface SessionUser {
  memberId: number;
  loginId: string;
  name: string;
  role: Role;
  storeId: number | null;
  vendorId: number | null;
  driverId: number | null;
}

export interface SessionState {
  tokens: SessionTokens | null;
  /** Set once the member behind the tokens is known and allowed in. */
  user: SessionUser | null;
  /**
   * The member is known but their tokens could not be brought back for want of a network (a
   * start offline): signed in, reading what the device kept, until a refresh succeeds.
   */
  offline: boolean;
  /**
   * The member is known from the device and their tokens are being brought back (the start
   * after a reload): the section renders at once while the refresh runs, and every request
   * waits for it (getAccessToken shares the refresh in flight). A refused refresh signs out.
   */
  resuming: boolean;
  /** Why the last session ended in this tab (not persisted); null when none ended. */
  lastSignOut: SignOutReason | null;
}

/** How the session talks to the identity provider (lib/auth-provider.ts supplies it). */
export interface TokenRefresher {
  /** New tokens for the session; `tokens` is null when resuming after a reload. */
  refresh(tokens: SessionTokens | null): Promise<SessionTokens>;
  revoke(tokens: SessionTokens | null): Promise<void>;
}

export type SignOutReason = 'user' | 'expired' | 'unauthorized' | 'not-verified' | 'role-mismatch';

export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}

export const STORAGE_KEYS = {
  /** Where earlier versions kept the tokens: removed on start, never written. */
  tokens: 'session.tokens',
  user: 'session.user',
  /** product-spec.md section 3: local browser storage holds userRole. */
  userRole: 'userRole',
} as const;

/** Runs `task` while holding the named lock shared by every tab of this origin. */
export type TabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export interface SessionStoreOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;
  now?: () => number;
  /**
   * Serialises refreshes across tabs: the API spends a refresh token on use and revokes the
   * whole session when one comes back (docs/decisions/007). The tabs share one cookie, so
   * two refreshes in flight would present the same token; one at a time, each presents the
   * cookie the previous one set. Default: the Web Locks API where the browser has it.
   */
  lock?: TabLock;
  /** Tells the store when the browser goes back online (default: lib/network-status.ts). */
  subscribeOnline?: (listener: (online: boolean) => void) => () => void;
}

export const REFRESH_LOCK = 'kabadi-session-refresh';

const webLock: TabLock = (name, task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(name, task) : task();
};

type Listener = () => void;
type SignOutListener = (reason: SignOutReason) => void;

function readJson<T>(storage: SessionStoreOptions['storage'], key: string, valid: (v: unknown) => v is T): T | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

function isUser(v: unknown): v is SessionUser {
  const u = v as Partial<SessionUser> | null;
  return !!u && typeof u.loginId === 'string' && typeof u.role === 'string' && (ROLES as readonly string[]).includes(u.role);
}

// The clock is read at each call, not bound at creation: a test's (or a tab's) moved clock
// then moves token expiry too, as it moves everything else the app times.
export function createSessionStore({ storage, now = () => Date.now(), lock = webLock, subscribeOnline: onOnline = subscribeOnline }: SessionStoreOptions) {
  let state: SessionState = load();
  let refresher: TokenRefresher | null = null;
  let inFlight: Promise<SessionTokens> | null = null;
  /** Bumped on every sign-in and sign-out, so a refresh that finishes late cannot resurrect a session. */
  let generation = 0;
  const listeners = new Set<Listener>();
  const signOutListeners = new Set<SignOutListener>();

  function load(): SessionState {
    try {
      // A refresh token an earlier version left in storage must not outlive this version.
      storage.removeItem(STORAGE_KEYS.tokens);
    } catch {
      // Storage may be unavailable: nothing to clean.
    }
    return { tokens: null, user: readJson(storage, STORAGE_KEYS.user, isUser), offline: false, resuming: false, lastSignOut: null };
  }

  function persist() {
    try {
      if (state.user) {
        storage.setItem(STORAGE_KEYS.user, JSON.stringify(state.user));
        storage.setItem(STORAGE_KEYS.userRole, state.user.role);
      } else {
        storage.removeItem(STORAGE_KEYS.user);
        storage.removeItem(STORAGE_KEYS.userRole);
      }
    } catch (error) {
      console.warn('Could not save the session', error);
    }
  }

  function set(next: SessionState) {
    state = next;
    persist();
    listeners.forEach((listener) => listener());
  }

  function clear(reason: SignOutReason, { clearStorage = false } = {}) {
    const hadSession = !!state.tokens || !!state.user;
    generation += 1;
    inFlight = null;
    if (clearStorage) {
      try {
        storage.clear();
      } catch {
        // Storage may be unavailable (private mode): the in-memory state is what counts.
      }
    }
    set({ tokens: null, user: null, offline: false, resuming: false, lastSignOut: reason });
    if (hadSession) signOutListeners.forEach((listener) => listener(reason));
  }

  function needsRefresh(tokens: SessionTokens): boolean {
    return tokens.expiresAt - now() <= TOKEN_EXPIRY_TOLERANCE_MS;
  }

  function refreshOnce(): Promise<SessionTokens> {
    if (inFlight) return inFlight;
    const tokens = state.tokens;
    // No tokens but a member: a reload, resuming through the cookie.
    if (!tokens && !state.user) return Promise.reject(new SessionExpiredError());
    if (!refresher) return Promise.reject(new Error('No token refresher is configured'));
    const started = generation;
    const current = refresher;
    const run = async (): Promise<SessionTokens> => {
      try {
        const next = await lock(REFRESH_LOCK, () => current.refresh(tokens));
        if (generation === started) set({ ...state, tokens: next, offline: false });
        return next;
      } catch (error) {
        // A network failure says nothing about the session: keep the tokens and let the caller fail.
        if (!isNetworkFailure(error) && generation === started) clear('expired');
        throw isNetworkFailure(error) ? error : new SessionExpiredError();
      }
    };
    const attempt: Promise<SessionTokens> = run().finally(() => {
      if (inFlight === attempt) inFlight = null;
    });
    inFlight = attempt;
    return attempt;
  }

  /**
   * After a reload the member is known from storage but the tokens were in memory. One
   * refresh through the cookie brings them back; a refused one ends the session
   * ('expired', so the sign-in page says so). A network failure keeps the member, signed in
   * and `offline`, until the browser is back online (or any later refresh succeeds).
   */
  async function resume(): Promise<void> {
    if (state.tokens || !state.user) return;
    const started = generation;
    if (!state.resuming) set({ ...state, resuming: true });
    try {
      await refreshOnce();
    } catch (error) {
      // refreshOnce has ended the session unless the network failed.
      if (isNetworkFailure(error) && generation === started && state.user && !state.tokens && !state.offline) set({ ...state, offline: true });
    } finally {
      if (generation === started && state.resuming) set({ ...state, resuming: false });
    }
  }

  // Back online: a member kept signed in offline gets their tokens back (or is signed out).
  onOnline((online) => {
    if (online && state.user && !state.tokens) void resume();
  });

  return {
    getState: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called with the reason whenever a session ends (sign-out, expiry, 401). */
    onSignOut(listener: SignOutListener): () => void {
      signOutListeners.add(listener);
      return () => signOutListeners.delete(listener);
    },
    configure(next: TokenRefresher) {
      refresher = next;
    },
    isSignedIn: (): boolean => isSignedIn(state),
    /** Step 1 of a sign-in: tokens arrive, the member is not checked yet. */
    setTokens(tokens: SessionTokens) {
      generation += 1;
      inFlight = null;
      set({ tokens, user: null, offline: false, resuming: false, lastSignOut: null });
    },
    /** Step 2: the member is verified and allowed in. */
    setUser(user: SessionUser) {
      set({ ...state, user });
    },
    /**
     * The access token to send, refreshed first when it is expired, about to expire, or
     * `forceRefresh` is set. Null when signed out. Concurrent callers share one refresh.
     */
    async getAccessToken({ forceRefresh = false } = {}): Promise<string | null> {
      const tokens = state.tokens;
      if (!tokens && !state.user) return null;
      if (tokens && !forceRefresh && !needsRefresh(tokens)) return tokens.accessToken;
      const next = await refreshOnce();
      return next.accessToken;
    },
    /** After a reload: brings the in-memory tokens back through the cookie (see resume above). */
    resume,
    /** Ends the session here at once; the provider is told afterwards (best effort). */
    async signOut(reason: SignOutReason = 'user', options: { clearStorage?: boolean } = {}): Promise<void> {
      const tokens = state.tokens;
      const hadSession = !!tokens || !!state.user;
      clear(reason, options);
      if (hadSession && refresher) {
        try {
          await refresher.revoke(tokens);
        } catch (error) {
          console.warn('Sign-out: the identity provider could not revoke the session', error);
        }
      }
    },
    /** A 401 on a request made with a token: the session is over. */
    markUnauthorized() {
      clear('unauthorized');
    },
    /** Another tab signed in or out: follow it. */
    reload() {
      const user = readJson(storage, STORAGE_KEYS.user, isUser);
      if (!user) {
        if (state.tokens || state.user) clear('user');
        return;
      }
      if (state.user?.memberId === user.memberId && state.tokens) return;
      generation += 1;
      inFlight = null;
      state = { tokens: null, user, offline: false, resuming: false, lastSignOut: state.lastSignOut };
      listeners.forEach((listener) => listener());
      void resume();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Signed in: the member is known and allowed in, with tokens, or without them while they are
 * being brought back (`resuming`) or for want of a network (`offline`: their section opens
 * with what the device kept).
 */
export function isSignedIn(state: Pick<SessionState, 'tokens' | 'user' | 'offline'> & { resuming?: boolean }): boolean {
  return !!state.user && (!!state.tokens || state.offline || !!state.resuming);
}

function memoryStorage(): SessionStoreOptions['storage'] {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

function browserStorage(): SessionStoreOptions['storage'] {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access to localStorage can throw (blocked cookies): fall through.
  }
  return memoryStorage();
}

/** The app's session. */
export const session = createSessionStore({ storage: browserStorage() });

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.user) session.reload();
  });
}

/** The session in React: re-renders on sign-in, refresh and sign-out. */
export function useSession(): SessionState & { signedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { ...state, signedIn: isSignedIn(state) };
}
