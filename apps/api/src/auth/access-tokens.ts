import type { JWTPayload } from 'jose';
import { serviceToken, verifyServiceToken } from './service-tokens';
import type { SigningKeySet } from './signing-keys';
import { assertTokenTimes } from './token-times';

export const ACCESS_TOKEN_TTL_S = 60 * 60;
export const TOKEN_AUDIENCE = 'kabadi-orders-web';

export interface TokenSubject {
  memberId: number;
  loginId: string;
  role: string;
}

/** Who a verified access token speaks for: the member's login id (the `username` claim). */
export interface VerifiedToken {
  loginId: string;
  /** When it was issued (seconds since the epoch), to refuse tokens older than a password change. */
  issuedAt?: number;
}

export interface AccessTokenVerifier {
  verify(token: string): Promise<VerifiedToken>;
}

async function sign(keys: SigningKeySet, subject: TokenSubject, tokenUse: 'access' | 'id'): Promise<string> {
  const claims: JWTPayload = { username: subject.loginId, token_use: tokenUse };
  if (tokenUse === 'id') Object.assign(claims, { email: subject.loginId, 'custom:role': subject.role });
  return serviceToken(keys, claims, TOKEN_AUDIENCE, subject.memberId)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(keys.privateKey);
}

export const signAccessToken = (keys: SigningKeySet, subject: TokenSubject) => sign(keys, subject, 'access');
export const signIdToken = (keys: SigningKeySet, subject: TokenSubject) => sign(keys, subject, 'id');

/**
 * Checks signature (RS256 only, never `none`), expiry (a token without `exp` would never
 * end), a lifetime no longer than ours and an `iat` not in the future, issuer, audience
 * and token_use.
 */
export function localTokenVerifier(keys: SigningKeySet): AccessTokenVerifier {
  return {
    async verify(token) {
      const payload = await verifyServiceToken(keys, token, TOKEN_AUDIENCE, ['exp', 'iat']);
      if (payload.token_use !== 'access' || typeof payload.username !== 'string') throw new Error('not an access token');
      assertTokenTimes(payload, ACCESS_TOKEN_TTL_S);
      return { loginId: payload.username, ...(typeof payload.iat === 'number' ? { issuedAt: payload.iat } : {}) };
    },
  };
}
