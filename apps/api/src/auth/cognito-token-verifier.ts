import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { AccessTokenVerifier } from './access-tokens';
import { assertTokenTimes } from './token-times';

/** The longest access-token validity a Cognito app client can be given (one day). */
const COGNITO_MAX_ACCESS_TOKEN_LIFETIME_S = 24 * 60 * 60;

export interface CognitoTokenVerifier extends AccessTokenVerifier {
  /** Loads the pool's public keys without downloading them (tests, or hosts without internet). */
  cacheJwks(jwks: Jwks): void;
}

/**
 * AUTH_PROVIDER=cognito: the pool's access tokens, checked by aws-jwt-verify (signature
 * against the pool's JWKS, RS256 only, expiry, issuer of the pool, token_use "access",
 * client_id). The member is the one whose login_id is the token's `username`. As with our
 * own tokens, one issued in the future or living longer than a pool allows is refused.
 */
export function cognitoTokenVerifier(settings: { userPoolId: string; clientId: string }): CognitoTokenVerifier {
  const verifier = CognitoJwtVerifier.create({ userPoolId: settings.userPoolId, tokenUse: 'access', clientId: settings.clientId });
  return {
    async verify(token) {
      const payload = await verifier.verify(token);
      assertTokenTimes(payload, COGNITO_MAX_ACCESS_TOKEN_LIFETIME_S);
      if (typeof payload.username !== 'string' || payload.username === '') throw new Error('the access token has no username');
      return { loginId: payload.username };
    },
    cacheJwks: (jwks) => verifier.cacheJwks(jwks),
  };
}
