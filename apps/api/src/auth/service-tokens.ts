import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { SIGNING_ALG, type SigningKeySet } from './signing-keys';

// The tokens this service signs with its own keys (access and ID tokens, event tickets, the
// web host's start cookie): one issuer, RS256 with the current key, each kind its own audience
// and token_use. The kinds differ in their times and claims, which each one's module sets.

export const TOKEN_ISSUER = 'kabadi-orders';

/** A token for `audience` about member `subject`, its header, issuer and audience set: the caller sets its times and signs it with keys.privateKey. */
export function serviceToken(keys: SigningKeySet, claims: JWTPayload, audience: string, subject: number): SignJWT {
  return new SignJWT(claims).setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' }).setSubject(String(subject)).setIssuer(TOKEN_ISSUER).setAudience(audience);
}

/**
 * The claims of a token for `audience` signed by one of the keys (RS256 only, never `none`),
 * unexpired, with `requiredClaims`; throws on anything else. The caller checks its token_use.
 */
export async function verifyServiceToken(keys: SigningKeySet, token: string, audience: string, requiredClaims: string[]): Promise<JWTPayload> {
  const { payload } = await jwtVerify(
    token,
    async (header) => {
      const key = await keys.publicKeyFor(header.kid);
      if (!key) throw new Error('unknown key');
      return key;
    },
    { algorithms: [SIGNING_ALG], issuer: TOKEN_ISSUER, audience, requiredClaims },
  );
  return payload;
}
