import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { NonRetryableFetchError } from 'aws-jwt-verify/error';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache, type Jwks } from 'aws-jwt-verify/jwk';
import type { JwtHeader, JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { AccessTokenVerifier } from './access-tokens';
import { assertTokenTimes } from './token-times';

/** The longest access-token validity a Cognito app client can be given (one day). */
const COGNITO_MAX_ACCESS_TOKEN_LIFETIME_S = 24 * 60 * 60;
/** How long the pool's JWKS may take to arrive from COGNITO_ENDPOINT (aws-jwt-verify's own fetcher allows 1.5 s). */
const JWKS_TIMEOUT_MS = 3_000;

export interface CognitoPoolSettings {
  userPoolId: string;
  clientId: string;
  /**
   * COGNITO_ENDPOINT: the pool's endpoint when it is not AWS's (cognito-local in the tests).
   * Its tokens are issued by `<endpoint>/<userPoolId>`, its keys at `<issuer>/.well-known/jwks.json`.
   */
  endpoint?: string | undefined;
}

export interface CognitoTokenVerifier extends AccessTokenVerifier {
  /** Loads the pool's public keys without downloading them (tests, or hosts without internet). */
  cacheJwks(jwks: Jwks): void;
}

/** The `iss` of the pool's tokens: AWS's regional issuer, or `<endpoint>/<poolId>` with COGNITO_ENDPOINT. */
export function cognitoIssuer(settings: Pick<CognitoPoolSettings, 'userPoolId' | 'endpoint'>): string {
  if (settings.endpoint) return `${settings.endpoint.replace(/\/+$/, '')}/${settings.userPoolId}`;
  return CognitoJwtVerifier.parseUserPoolId(settings.userPoolId).issuer;
}

/** Cognito signs with RS256 only; any other algorithm is refused whatever the JWKS says. */
function assertRs256(header: JwtHeader): void {
  if (header.alg !== 'RS256') throw new Error(`the token is signed with ${String(header.alg)}, not RS256`);
}

/**
 * The JWKS of a pool at COGNITO_ENDPOINT, through fetch(): aws-jwt-verify's own fetcher
 * speaks https only, and an emulator such as cognito-local answers on http://localhost.
 */
const endpointFetcher: Fetcher = {
  async fetch(uri) {
    const response = await fetch(uri, { redirect: 'error', signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
    if (response.status !== 200) throw new NonRetryableFetchError(uri, `Status code is ${response.status}, expected 200`);
    return response.arrayBuffer();
  },
};

/**
 * AUTH_PROVIDER=cognito: the pool's access tokens, checked by aws-jwt-verify (signature
 * against the pool's JWKS, RS256 only, expiry, issuer of the pool, token_use "access",
 * client_id). The member is the one whose login_id is the token's `username`. As with our
 * own tokens, one issued in the future or living longer than a pool allows is refused.
 *
 * AWS's pools: CognitoJwtVerifier, which derives the issuer and the JWKS address from the
 * pool id. A pool at COGNITO_ENDPOINT: the same checks with the issuer `<endpoint>/<poolId>`
 * (aws-jwt-verify's JwtVerifier plus its Cognito claim checks, validateCognitoJwtFields).
 */
export function cognitoTokenVerifier(settings: CognitoPoolSettings): CognitoTokenVerifier {
  const claims = { tokenUse: 'access', clientId: settings.clientId } as const;
  let verify: (token: string) => Promise<JwtPayload>;
  let cacheJwks: (jwks: Jwks) => void;
  if (settings.endpoint) {
    const issuer = cognitoIssuer(settings);
    const verifier = JwtVerifier.create(
      {
        issuer,
        jwksUri: `${issuer}/.well-known/jwks.json`,
        // Access tokens carry client_id, not aud: validateCognitoJwtFields checks it.
        audience: null,
        customJwtCheck: ({ header, payload }) => {
          assertRs256(header);
          validateCognitoJwtFields(payload, claims);
        },
      },
      { jwksCache: new SimpleJwksCache({ fetcher: endpointFetcher }) },
    );
    verify = (token) => verifier.verify(token);
    cacheJwks = (jwks) => verifier.cacheJwks(jwks);
  } else {
    const verifier = CognitoJwtVerifier.create({ userPoolId: settings.userPoolId, ...claims, customJwtCheck: ({ header }) => assertRs256(header) });
    verify = (token) => verifier.verify(token);
    cacheJwks = (jwks) => verifier.cacheJwks(jwks);
  }
  return {
    async verify(token) {
      const payload = await verify(token);
      assertTokenTimes(payload, COGNITO_MAX_ACCESS_TOKEN_LIFETIME_S);
      if (typeof payload.username !== 'string' || payload.username === '') throw new Error('the access token has no username');
      return { loginId: payload.username };
    },
    cacheJwks,
  };
}
