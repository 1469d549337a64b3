import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from './api-client';
import { ApiError } from './api-error';
import type { AuthProvider } from './auth-types';
import type { SessionTokens, TokenRefresher } from './session';

export { AuthStepRequiredError, type AuthProvider, type SignInResult } from './auth-types';

// Who proves identities: the API itself (AUTH_PROVIDER=local, design.md section 5) or a
// Cognito user pool through Amplify (AUTH_PROVIDER=cognito). Amplify is imported lazily,
// only when the configuration asks for it, so it never weighs on the local /login bundle.

interface TokenAnswer {
  access_token: string;
  id_token?: string | null;
  refresh_token?: string | null;
  expires_in: number;
}

function isTokenAnswer(body: unknown): body is TokenAnswer {
  const b = body as Partial<TokenAnswer> | null;
  return !!b && typeof b.access_token === 'string' && typeof b.expires_in === 'number';
}

/**
 * The API's token answer (POST /auth/login, /auth/refresh) as session tokens. The body's
 * refresh token is dropped: the browser's copy is the httpOnly cookie the same answer set.
 */
export function tokensFromAnswer(body: unknown, now: number = Date.now()): SessionTokens {
  if (!isTokenAnswer(body)) throw new ApiError(200, 'The server answered the sign-in in an unexpected format.', {}, 'format');
  return {
    accessToken: body.access_token,
    idToken: body.id_token ?? null,
    refreshToken: null,
    expiresAt: now + body.expires_in * 1000,
  };
}

// The calls that set, read or clear the refresh cookie: the API is another origin, so the
// browser sends and keeps its cookie only when asked to.
const WITH_COOKIE = { auth: false, credentials: 'include' } as const;

export function createLocalAuthProvider(client = api): AuthProvider {
  return {
    kind: 'local',
    async signIn(loginId, password) {
      const answer = await client.post('/auth/login', { login_id: loginId, password }, WITH_COOKIE);
      return { tokens: tokensFromAnswer(answer), loginId };
    },
    async refresh() {
      // No body, so no content type: a CORS simple request, sent without a preflight's round
      // trip first (the cookie's SameSite=Strict keeps other sites from sending it).
      const answer = await client.post('/auth/refresh', undefined, { ...WITH_COOKIE, retry: false });
      return tokensFromAnswer(answer);
    },
    async revoke() {
      await client.post('/auth/logout', {}, WITH_COOKIE);
    },
    async forgotPassword(loginId) {
      await client.post('/auth/forgot-password', { login_id: loginId }, { auth: false });
    },
    async resetPassword(loginId, code, password) {
      await client.post('/auth/reset-password', { login_id: loginId, code, password }, { auth: false });
    },
    async changePassword(currentPassword, password) {
      // The cookie tells the API which session is this one: it stays signed in, every other one is signed out.
      await client.post('/auth/change-password', { current_password: currentPassword, password }, { credentials: 'include' });
    },
    async currentSession() {
      return null;
    },
  };
}

let provider: Promise<AuthProvider> | null = null;

/** The provider the runtime configuration names (created once). */
export function getAuthProvider(): Promise<AuthProvider> {
  provider ??= (async () => {
    const { auth } = getRuntimeConfig();
    if (auth.provider === 'cognito') {
      const { createCognitoAuthProvider } = await import('./cognito-provider');
      return createCognitoAuthProvider(auth);
    }
    return createLocalAuthProvider();
  })();
  return provider;
}

/** What the session store uses to refresh and revoke tokens. */
export const providerRefresher: TokenRefresher = {
  refresh: async (tokens) => (await getAuthProvider()).refresh(tokens),
  revoke: async (tokens) => (await getAuthProvider()).revoke(tokens),
};
