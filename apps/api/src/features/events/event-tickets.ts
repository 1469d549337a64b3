import { jwtVerify, SignJWT } from 'jose';
import { TOKEN_ISSUER } from '../../auth/access-tokens';
import { SIGNING_ALG, type SigningKeySet } from '../../auth/signing-keys';

// A browser's EventSource cannot send an Authorization header. A ticket is a signed token
// of one minute that only opens event streams (its own audience and token_use), so any
// API process accepts it without a database row, and a leaked one soon means nothing.

export const TICKET_TTL_S = 60;
const TICKET_AUDIENCE = 'kabadi-orders-events';
const TICKET_USE = 'events_ticket';

export async function issueTicket(keys: SigningKeySet, member: { memberId: number; loginId: string }): Promise<{ ticket: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + TICKET_TTL_S * 1000);
  const ticket = await new SignJWT({ username: member.loginId, token_use: TICKET_USE })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: keys.kid, typ: 'JWT' })
    .setSubject(String(member.memberId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keys.privateKey);
  return { ticket, expiresAt };
}

/** The login id a valid ticket speaks for; throws on anything else. */
export async function verifyTicket(keys: SigningKeySet, ticket: string): Promise<{ loginId: string; issuedAt: number | undefined }> {
  const { payload } = await jwtVerify(
    ticket,
    async (header) => {
      const key = await keys.publicKeyFor(header.kid);
      if (!key) throw new Error('unknown key');
      return key;
    },
    { algorithms: [SIGNING_ALG], issuer: TOKEN_ISSUER, audience: TICKET_AUDIENCE, requiredClaims: ['exp', 'iat'] },
  );
  if (payload.token_use !== TICKET_USE || typeof payload.username !== 'string') throw new Error('not an events ticket');
  return { loginId: payload.username, issuedAt: payload.iat };
}
