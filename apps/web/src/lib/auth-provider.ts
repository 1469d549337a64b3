import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from './api-client';
import { ApiError } from './api-error';
import type { SignupRequest, SignupResponse } from '@app/shared/schemas/auth';
import { session, type SessionTokens, type TokenRefresher } from './session';

// Who proves identities: the API itself (AUTH_PROVIDER=local, design.md section 5) or a
// Cognito user pool through Amplify (AUTH_PROVIDER=cognito). Amplify is imported lazily,
// only when the configuration asks for it, so it never weighs on the local /login bundle.

/** The provider wants a step this app does not offer (a new password, MFA, a confirmation code). */
export class AuthStepRequiredError extends ApiError {
  override name = 'AuthStepRequiredError';
  readonly step: string;
  constructor(step: string) {
    super(409, `The account needs a further step: ${step}`);
    this.step = step;
  }
}

export interface SignInResult {
  tokens: SessionTokens;
  /** The login id the provider knows the person by (Amplify: signInDetails.loginId). */
  loginId: string;
}

export interface AuthProvider extends TokenRefresher {
  readonly kind: 'local' | 'cognito';
  signIn(loginId: string, password: string): Promise<SignInResult>;
  forgotPassword(loginId: string): Promise<void>;
  resetPassword(loginId: string, code: string, password: string): Promise<void>;
  changePassword(currentPassword: string, password: string): Promise<void>;
  /** A session the provider already holds (Amplify after a hosted-UI redirect); null if none. */
  currentSession(): Promise<SignInResult | null>;
  /** Only with a hosted UI: go to the provider's sign-in page. */
  signInWithHostedUi?: () => Promise<void>;
  /** Sign-up through the provider (cognito: the pool first, then the member at the API). */
  signUp?: (request: SignupRequest) => Promise<SignupResponse>;
}

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

/** The API's token answer (POST /auth/login, /auth/refresh) as session tokens. */
export function tokensFromAnswer(body: unknown, now: number = Date.now()): SessionTokens {
  if (!isTokenAnswer(body)) throw new ApiError(200, 'The server answered the sign-in in an unexpected format.', {}, 'format');
  return {
    accessToken: body.access_token,
    idToken: body.id_token ?? null,
    refreshToken: body.refresh_token ?? null,
    expiresAt: now + body.expires_in * 1000,
  };
}

export function createLocalAuthProvider(client = api): AuthProvider {
  return {
    kind: 'local',
    async signIn(loginId, password) {
      const answer = await client.post('/auth/login', { login_id: loginId, password }, { auth: false });
      return { tokens: tokensFromAnswer(answer), loginId };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new ApiError(401, 'No refresh token');
      const answer = await client.post('/auth/refresh', { refresh_token: tokens.refreshToken }, { auth: false, retry: false });
      return tokensFromAnswer(answer);
    },
    async revoke(tokens) {
      if (!tokens.refreshToken) return;
      await client.post('/auth/logout', { refresh_token: tokens.refreshToken }, { auth: false });
    },
    async forgotPassword(loginId) {
      await client.post('/auth/forgot-password', { login_id: loginId }, { auth: false });
    },
    async resetPassword(loginId, code, password) {
      await client.post('/auth/reset-password', { login_id: loginId, code, password }, { auth: false });
    },
    async changePassword(currentPassword, password) {
      // With this session's refresh token the API keeps it signed in and signs out every other one.
      const refreshToken = session.getState().tokens?.refreshToken ?? undefined;
      await client.post('/auth/change-password', { current_password: currentPassword, password, refresh_token: refreshToken });
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
