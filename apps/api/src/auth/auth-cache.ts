import type { AuthContext } from './auth-context';

/** How long a verified token and its member stay trusted without asking the database. */
export const AUTH_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  auth: AuthContext;
  issuedAt: number | undefined;
  expiresAt: number;
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
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): { auth: AuthContext; issuedAt: number | undefined } | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry;
  }

  set(token: string, auth: AuthContext, issuedAt: number | undefined): void {
    // A flood of distinct tokens cannot grow memory without bound: start over.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(token, { auth, issuedAt, expiresAt: this.now() + AUTH_CACHE_TTL_MS });
  }

  clear(): void {
    this.entries.clear();
  }
}
