import { loadAuthContext, type AuthContext } from '../../auth/auth-context';
import { memberSessionRevokedSince } from '../../auth/sessions';
import type { SigningKeySet } from '../../auth/signing-keys';
import type { Database } from '../../db/database';
import { rateLimitHits } from '../../db/tables/auth.table';
import { unauthorized } from '../../http/http-error';
import { verifyTicket } from './event-tickets';

const NOT_VALID = 'The ticket has expired or is not valid. Ask POST /events/ticket for a new one.';
const SPENT = 'The ticket was used already: a ticket opens one stream. Ask POST /events/ticket for a new one.';
const SIGNED_OUT = 'The ticket\'s member signed out or changed password since. Sign in again.';

/**
 * API processes may run this far apart in time: a sign-out recorded by one process with a
 * slower clock still counts against a ticket issued by another just before it. A ticket
 * asked for within this of a sign-out is refused too, and the client asks again.
 */
const CLOCK_MARGIN_MS = 1000;

/**
 * Records the ticket's one use in the database, so every API process sees it. A use is
 * a rate-limit hit with a limit of one: a row in rate_limit_hits keyed by the ticket, in
 * the "window" that ends when the ticket does, so the limiter's pruning only ever removes
 * rows of tickets that have expired anyway. The insert is the check: of two uses at once,
 * in any processes, the primary key lets exactly one in.
 */
async function spendTicket(db: Database, ticketId: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(rateLimitHits)
    .values({ key: `events_ticket:${ticketId}`, windowStart: expiresAt, count: 1 })
    .onConflictDoNothing()
    .returning({ key: rateLimitHits.key });
  return rows.length > 0;
}

async function signedOutSince(db: Database, auth: AuthContext, issuedAtMs: number): Promise<boolean> {
  const since = issuedAtMs - CLOCK_MARGIN_MS;
  if (auth.passwordChangedAt && auth.passwordChangedAt.getTime() >= since) return true;
  return memberSessionRevokedSince(db, auth.memberId, new Date(since));
}

/**
 * The member a ticket speaks for, spending the ticket; 401 when it is not a valid ticket,
 * was used before, or its member was disabled, signed out or changed password after it
 * was issued. `issuedAt` is the ticket's, in seconds.
 */
export async function redeemTicket(db: Database, keys: SigningKeySet, ticket: string): Promise<{ auth: AuthContext; issuedAt: number }> {
  const claims = await verifyTicket(keys, ticket).catch(() => {
    throw unauthorized(NOT_VALID);
  });
  if (!(await spendTicket(db, claims.ticketId, claims.expiresAt))) throw unauthorized(SPENT);
  const auth = await loadAuthContext(db, claims.loginId);
  if (!auth || auth.disabled) throw unauthorized(NOT_VALID);
  if (await signedOutSince(db, auth, claims.issuedAt * 1000)) throw unauthorized(SIGNED_OUT);
  return { auth, issuedAt: claims.issuedAt };
}
