import type { TokenResponse } from '@app/shared/schemas/auth';
import { ACCESS_TOKEN_TTL_S, signAccessToken, signIdToken, type TokenSubject } from '../../auth/access-tokens';
import type { SigningKeySet } from '../../auth/signing-keys';
import type { Database } from '../../db/database';
import { storeRefreshToken } from './refresh-tokens';

/** The answer of sign-in and refresh: two fresh JWTs and the session's refresh token. */
export async function tokenResponse(keys: SigningKeySet, subject: TokenSubject, refreshToken: string): Promise<TokenResponse> {
  const [accessToken, idToken] = await Promise.all([signAccessToken(keys, subject), signIdToken(keys, subject)]);
  return { access_token: accessToken, id_token: idToken, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_TTL_S, token_type: 'Bearer' };
}

/** A new session for a member who proved who it is (a password, a code by SMS): its first tokens. */
export async function startSession(db: Database, keys: SigningKeySet, subject: TokenSubject): Promise<TokenResponse> {
  return tokenResponse(keys, subject, await storeRefreshToken(db, subject.memberId));
}
