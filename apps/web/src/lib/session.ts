import { useSyncExternalStore } from 'react';
import { ROLES, TOKEN_EXPIRY_TOLERANCE_MS, type Role } from '@app/shared/constants';
import { isNetworkFailure } from './api-error';

// The session: tokens and the signed-in member, kept in localStorage so a reload keeps
// the user signed in. product-spec.md section 4: tokens are refreshed when expired or
// within TOKEN_EXPIRY_TOLERANCE_MS of expiry, or when forced; a refresh failure other
// than a network error clears them; only one refresh runs at a time.

export interface SessionTokens {
  accessToken: string;
  idToken: string | null;
  /** Null with the cognito provider: Amplify keeps its refresh token itself. */
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
  /** Why the last session ended in this tab (not persisted); null when none ended. */
  lastSignOut: SignOutReason | null;
}

/** How the session talks to the identity provider (lib/auth-provider.ts supplies it). */
export interface TokenRefresher {
  refresh(tokens: SessionTokens): Promise<SessionTokens>;
  revoke(tokens: SessionTokens): Promise<void>;
}

export type SignOutReason = 'user' | 'expired' | 'unauthorized' | 'not-verified' | 'role-mismatch';

export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}

export const STORAGE_KEYS = {
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
   * whole session when one comes back (docs/decisions/007), so two tabs must never present
   * the same one. Default: the Web Locks API where the browser has it.
   */
  lock?: TabLock;
}

const REFRESH_LOCK = 'kabadi-session-refresh';

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

function isTokens(v: unknown): v is SessionTokens {
  const t = v as Partial<SessionTokens> | null;
  return !!t && typeof t.accessToken === 'string' && typeof t.expiresAt === 'number';
}

function isUser(v: unknown): v is SessionUser {
  const u = v as Partial<SessionUser> | null;
  return !!u && typeof u.loginId === 'string' && typeof u.role === 'string' && (ROLES as readonly string[]).includes(u.role);
}

export function createSessionStore({ storage, now = Date.now, lock = webLock }: SessionStoreOptions) {
  let state: SessionState = load();
  let refresher: TokenRefresher | null = null;
  let inFlight: Promise<SessionTokens> | null = null;
  /** Bumped on every sign-in and sign-out, so a refresh that finishes late cannot resurrect a session. */
  let generation = 0;
  const listeners = new Set<Listener>();
  const signOutListeners = new Set<SignOutListener>();

  function load(): SessionState {
    return {
      tokens: readJson(storage, STORAGE_KEYS.tokens, isTokens),
      user: readJson(storage, STORAGE_KEYS.user, isUser),
      lastSignOut: null,
    };
  }

  function persist() {
    try {
      if (state.tokens) storage.setItem(STORAGE_KEYS.tokens, JSON.stringify(state.tokens));
      else storage.removeItem(STORAGE_KEYS.tokens);
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
    set({ tokens: null, user: null, lastSignOut: reason });
    if (hadSession) signOutListeners.forEach((listener) => listener(reason));
  }

  function needsRefresh(tokens: SessionTokens): boolean {
    return tokens.expiresAt - now() <= TOKEN_EXPIRY_TOLERANCE_MS;
  }

  function refreshOnce(): Promise<SessionTokens> {
    if (inFlight) return inFlight;
    const tokens = state.tokens;
    if (!tokens) return Promise.reject(new SessionExpiredError());
    if (!refresher) return Promise.reject(new Error('No token refresher is configured'));
    const started = generation;
    const current = refresher;
    const run = async (): Promise<SessionTokens> => {
      try {
        const next = await lock(REFRESH_LOCK, async () => {
          // Another tab may have refreshed while this one waited: its tokens are the session's now.
          const stored = readJson(storage, STORAGE_KEYS.tokens, isTokens);
          if (stored && stored.accessToken !== tokens.accessToken && !needsRefresh(stored)) return stored;
          return current.refresh(tokens);
        });
        if (generation === started) set({ ...state, tokens: next });
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
    isSignedIn: (): boolean => !!state.tokens && !!state.user,
    /** Step 1 of a sign-in: tokens arrive, the member is not checked yet. */
    setTokens(tokens: SessionTokens) {
      generation += 1;
      inFlight = null;
      set({ tokens, user: null, lastSignOut: null });
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
      if (!tokens) return null;
      if (!forceRefresh && !needsRefresh(tokens)) return tokens.accessToken;
      const next = await refreshOnce();
      return next.accessToken;
    },
    /** Ends the session here at once; the provider is told afterwards (best effort). */
    async signOut(reason: SignOutReason = 'user', options: { clearStorage?: boolean } = {}): Promise<void> {
      const tokens = state.tokens;
      clear(reason, options);
      if (tokens && refresher) {
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
    /** Another tab changed the session: read it again. */
    reload() {
      const next = load();
      if (state.tokens && !next.tokens) {
        clear('user');
        return;
      }
      generation += 1;
      state = { ...next, lastSignOut: state.lastSignOut };
      listeners.forEach((listener) => listener());
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

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
    if (event.key === null || event.key === STORAGE_KEYS.tokens || event.key === STORAGE_KEYS.user) session.reload();
  });
}

/** The session in React: re-renders on sign-in, refresh and sign-out. */
export function useSession(): SessionState & { signedIn: boolean } {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { ...state, signedIn: !!state.tokens && !!state.user };
}
