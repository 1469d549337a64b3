import type { TokenResponse } from '@app/shared/schemas/auth';
import { ACCESS_TOKEN_TTL_S, signAccessToken, signIdToken, type TokenSubject } from '../../auth/access-tokens';
import type { SigningKeySet } from '../../auth/signing-keys';

/** The answer of sign-in and refresh: two fresh JWTs and the session's refresh token. */
export async function tokenResponse(keys: SigningKeySet, subject: TokenSubject, refreshToken: string): Promise<TokenResponse> {
  const [accessToken, idToken] = await Promise.all([signAccessToken(keys, subject), signIdToken(keys, subject)]);
  return { access_token: accessToken, id_token: idToken, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_TTL_S, token_type: 'Bearer' };
}
