import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  fetchAuthSession,
  getCurrentUser,
  resetPassword,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import 'aws-amplify/auth/enable-oauth-listener';
import { MESSAGES } from '@app/shared/messages';
import type { SignupResponse } from '@app/shared/schemas/auth';
import { api } from './api-client';
import type { AuthConfig } from '@/config/runtime-config';
import { buildAmplifyConfig, hasHostedUi } from './amplify-config';
import { ApiError } from './api-error';
import { AuthStepRequiredError, type AuthProvider, type SignInResult } from './auth-types';
import type { SessionTokens } from './session';

// AUTH_PROVIDER=cognito: Amplify v6 signs in, refreshes and signs out against the user pool
// named in /config.json. Loaded only through getAuthProvider() (a lazy chunk).

const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/** Amplify's errors in the app's one error type. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'NetworkError') return new ApiError(0, 'Cannot reach the sign-in service. Check your connection and try again.', {}, 'network');
  if (WRONG_CREDENTIALS.has(name)) return new ApiError(401, MESSAGES.incorrectAccount, {}, 'http', true);
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return new ApiError(429, message, {}, 'http', true);
  return new ApiError(400, message, {}, 'http', true);
}

async function sessionTokens(forceRefresh = false): Promise<SessionTokens | null> {
  const { tokens } = await fetchAuthSession({ forceRefresh });
  if (!tokens?.accessToken) return null;
  const accessExp = tokens.accessToken.payload.exp ?? 0;
  const idExp = tokens.idToken?.payload.exp ?? accessExp;
  return {
    accessToken: tokens.accessToken.toString(),
    idToken: tokens.idToken?.toString() ?? null,
    refreshToken: null,
    // Refresh when either token runs out (product-spec.md section 4).
    expiresAt: Math.min(accessExp, idExp) * 1000,
  };
}

async function currentLoginId(fallback: string): Promise<string> {
  try {
    const user = await getCurrentUser();
    return user.signInDetails?.loginId ?? user.username ?? fallback;
  } catch {
    return fallback;
  }
}

export function createCognitoAuthProvider(auth: AuthConfig): AuthProvider {
  Amplify.configure(buildAmplifyConfig(auth));
  const provider: AuthProvider = {
    kind: 'cognito',
    async signIn(loginId, password): Promise<SignInResult> {
      try {
        // A stale Amplify session would make signIn throw UserAlreadyAuthenticatedException.
        await signOut().catch(() => undefined);
        const result = await signIn({ username: loginId, password });
        if (!result.isSignedIn) {
          throw new AuthStepRequiredError(result.nextStep.signInStep);
        }
        const tokens = await sessionTokens();
        if (!tokens) throw new ApiError(401, MESSAGES.incorrectAccount, {}, 'http', true);
        return { tokens, loginId: await currentLoginId(loginId) };
      } catch (error) {
        throw toApiError(error);
      }
    },
    async refresh() {
      let tokens: SessionTokens | null;
      try {
        tokens = await sessionTokens(true);
      } catch (error) {
        throw toApiError(error);
      }
      if (!tokens) throw new ApiError(401, 'No session found');
      return tokens;
    },
    async revoke() {
      // Revokes the refresh token and, after a hosted-UI sign-in, goes to the hosted logout page.
      await signOut();
    },
    async forgotPassword(loginId) {
      try {
        await resetPassword({ username: loginId });
      } catch (error) {
        const apiError = toApiError(error);
        // Like the local provider: never tell whether an account exists.
        if (apiError.status !== 401) throw apiError;
      }
    },
    async resetPassword(loginId, code, password) {
      try {
        await confirmResetPassword({ username: loginId, confirmationCode: code, newPassword: password });
      } catch (error) {
        throw toApiError(error);
      }
    },
    async changePassword(currentPassword, password) {
      try {
        await updatePassword({ oldPassword: currentPassword, newPassword: password });
      } catch (error) {
        throw toApiError(error);
      }
    },
    async currentSession() {
      try {
        const tokens = await sessionTokens();
        if (!tokens) return null;
        return { tokens, loginId: await currentLoginId('') };
      } catch {
        return null;
      }
    },
  };
  provider.signUp = async (request): Promise<SignupResponse> => {
    // The pool keeps the password; the API keeps the member, created with the pool's token.
    const { password, ...member } = request;
    try {
      const result = await signUp({ username: request.login_id, password, options: { userAttributes: { email: request.login_id, name: request.name } } });
      if (result.nextStep.signUpStep !== 'DONE') {
        throw new AuthStepRequiredError(result.nextStep.signUpStep);
      }
      await signIn({ username: request.login_id, password });
      const tokens = await sessionTokens();
      if (!tokens) throw new ApiError(401, MESSAGES.incorrectAccount, {}, 'http', true);
      return await api.post<SignupResponse>('/auth/signup', member, {
        auth: false,
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
    } catch (error) {
      throw toApiError(error);
    } finally {
      await signOut().catch(() => undefined);
    }
  };
  if (hasHostedUi(auth)) {
    provider.signInWithHostedUi = async () => {
      await signInWithRedirect();
    };
  }
  return provider;
}
