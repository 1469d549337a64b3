import { randomUUID } from 'node:crypto';
import { serviceToken, verifyServiceToken } from '../../auth/service-tokens';
import type { SigningKeySet } from '../../auth/signing-keys';
import { assertTokenTimes } from '../../auth/token-times';

// A browser's EventSource cannot send an Authorization header. A ticket is a signed token
// of one minute that only opens event streams (its own audience and token_use), so any
// API process can check it; redeem-ticket.ts spends it once and refuses it after its
// member signed out or changed password.

export const TICKET_TTL_S = 60;
const TICKET_AUDIENCE = 'kabadi-orders-events';
const TICKET_USE = 'events_ticket';

export interface TicketClaims {
  loginId: string;
  /** Names this ticket alone, so its one use can be recorded. */
  ticketId: string;
  /** Seconds since the epoch, with milliseconds: a sign-out in the same second still tells before from after. */
  issuedAt: number;
  expiresAt: Date;
}

export async function issueTicket(keys: SigningKeySet, member: { memberId: number; loginId: string }): Promise<{ ticket: string; expiresAt: Date }> {
  const issuedAtMs = Date.now();
  // Whole seconds, rounded down: the lifetime stays within TICKET_TTL_S for the verifier.
  const expiresAt = new Date(Math.floor((issuedAtMs + TICKET_TTL_S * 1000) / 1000) * 1000);
  const ticket = await serviceToken(keys, { username: member.loginId, token_use: TICKET_USE }, TICKET_AUDIENCE, member.memberId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAtMs / 1000)
    .setExpirationTime(expiresAt.getTime() / 1000)
    .sign(keys.privateKey);
  return { ticket, expiresAt };
}

/** What a validly signed, unexpired ticket says; throws on anything else. It may still be spent: see redeem-ticket.ts. */
export async function verifyTicket(keys: SigningKeySet, ticket: string): Promise<TicketClaims> {
  const payload = await verifyServiceToken(keys, ticket, TICKET_AUDIENCE, ['exp', 'iat', 'jti']);
  if (payload.token_use !== TICKET_USE || typeof payload.username !== 'string' || typeof payload.jti !== 'string') throw new Error('not an events ticket');
  assertTokenTimes(payload, TICKET_TTL_S);
  return { loginId: payload.username, ticketId: payload.jti, issuedAt: payload.iat, expiresAt: new Date(payload.exp * 1000) };
}
