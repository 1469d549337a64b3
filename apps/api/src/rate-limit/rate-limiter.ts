import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimitHits } from '../db/tables/auth.table';
import type { RateLimit } from './rate-limit-policy';

export interface RateLimitResult {
  /** Calls counted in the current window, this one included. */
  count: number;
  limited: boolean;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  hit(key: string, limit: RateLimit): Promise<RateLimitResult>;
  /** Takes back one hit of the current window: an attempt that turned out not to count (a correct password). */
  refund(key: string, limit: RateLimit): Promise<void>;
}

/** Counter keys hold a digest, not the e-mail address or IP itself: the table needs no personal data. */
export function rateLimitKey(...parts: string[]): string {
  const [kind, ...rest] = parts;
  return `${kind}:${createHash('sha256').update(rest.join('\u0000')).digest('base64url').slice(0, 32)}`;
}

// Old windows are removed now and then by whichever call opens a new window, so the
// table stays small without a timer in every process.
const PRUNE_CHANCE = 0.02;

/**
 * Fixed-window counters in the database, so every API process counts together. One
 * statement both counts and reads the count (INSERT ... ON CONFLICT DO UPDATE ...
 * RETURNING), so concurrent calls can neither lose a count nor both see the last free one.
 * The database clock fixes the windows, so processes with drifting clocks agree.
 */
export function createRateLimiter(db: Database, options: { retentionSeconds: number; random?: () => number }): RateLimiter {
  const random = options.random ?? Math.random;
  const windowStartOf = (limit: RateLimit) => {
    const w = Math.trunc(limit.windowSeconds);
    return sql`to_timestamp(floor(extract(epoch from now()) / ${w}::integer) * ${w}::integer)`;
  };
  return {
    async refund(key, limit) {
      await db
        .update(rateLimitHits)
        .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
        .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStartOf(limit))));
    },
    async hit(key, limit) {
      const w = Math.trunc(limit.windowSeconds);
      const windowStart = windowStartOf(limit);
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } })
        .returning({
          count: rateLimitHits.count,
          retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimitHits.windowStart}) + ${w}::integer - extract(epoch from now()))::integer`,
        });
      if (!row) throw new Error('rate limit counter returned no row');
      if (row.count === 1 && random() < PRUNE_CHANCE) {
        await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, sql`now() - make_interval(secs => ${options.retentionSeconds}::integer)`));
      }
      return { count: row.count, limited: row.count > limit.max, retryAfterSeconds: Math.max(1, Number(row.retryAfterSeconds)) };
    },
  };
}
