import { BoundedCache, textBytes } from '../cache/bounded-cache';
import type { AuthContext } from './auth-context';

/** How long a verified token and its member stay trusted without asking the database. */
export const AUTH_CACHE_TTL_MS = 10_000;
/**
 * An entry counts about 2 KB (a token of some 700 characters at two bytes each, and its
 * member): 16 MB keeps the tokens of about 8,000 members polling every 5 seconds. Beyond
 * it the oldest token is verified again, never refused.
 */
const MAX_BYTES = 16 * 1024 * 1024;
/**
 * A member holds a token per device and a new one per refresh; 64 KB is some 30 of them
 * within a TTL, so minting tokens cannot make one member's share grow.
 */
const MAX_BYTES_PER_MEMBER = 64 * 1024;
/** The AuthContext record besides its strings: a dozen fields and a Date. */
const AUTH_RECORD_BYTES = 256;

interface Entry {
  auth: AuthContext;
  issuedAt: number | undefined;
}

/**
 * The hot path's memory of "this bearer token is valid and speaks for this member": a
 * poll every few seconds then costs neither an RS256 check nor a three-join query. An
 * entry lives 10 s, and every process drops them all at once when a member, identity,
 * store or driver row changes (a trigger NOTIFYs, see features/events/live-listener.ts),
 * so a revoked member or changed password is refused within seconds even if that
 * notification were lost.
 */
export class AuthCache {
  private readonly entries: BoundedCache<string, Entry>;

  constructor(now: () => number = Date.now) {
    this.entries = new BoundedCache({ maxBytes: MAX_BYTES, maxBytesPerGroup: MAX_BYTES_PER_MEMBER, ttlMs: AUTH_CACHE_TTL_MS, now });
  }

  get(token: string): Entry | null {
    return this.entries.get(token) ?? null;
  }

  set(token: string, auth: AuthContext, issuedAt: number | undefined): void {
    const bytes = textBytes(token, auth.loginId, auth.name) + AUTH_RECORD_BYTES;
    this.entries.set(token, { auth, issuedAt }, { bytes, group: auth.memberId });
  }

  clear(): void {
    this.entries.clear();
  }
}
