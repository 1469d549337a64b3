import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { rateLimitHits } from '../db/tables/auth.table';
import { openTestDatabase, TEST_DB_KINDS } from '../test/test-database';
import { createRateLimiter, rateLimitKey } from './rate-limiter';

describe.each(TEST_DB_KINDS)('the database rate limiter on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => handle?.close());

  const limit = { max: 3, windowSeconds: 10_000_000 };
  // As the app does (longestWindowSeconds): a retention shorter than the window would let a
  // random prune remove the live window mid-test.
  const retentionSeconds = limit.windowSeconds;

  it('counts per key and says when the limit is passed', async () => {
    const limiter = createRateLimiter(handle.db, { retentionSeconds });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('k:one', limit));
    expect(results.map((r) => [r.count, r.limited])).toEqual([[1, false], [2, false], [3, false], [4, true]]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(limit.windowSeconds);
    expect((await limiter.hit('k:two', limit)).count).toBe(1);
  });

  it('loses no count when many calls arrive at once (one statement counts and reads)', async () => {
    const limiter = createRateLimiter(handle.db, { retentionSeconds });
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit('k:burst', limit)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(results.filter((r) => !r.limited)).toHaveLength(3);
  });

  it('starts a new window when the old one ends', async () => {
    const limiter = createRateLimiter(handle.db, { retentionSeconds: 3600 });
    const short = { max: 1, windowSeconds: 1 };
    await limiter.hit('k:short', short);
    const second = await limiter.hit('k:short', short);
    // Both may straddle a boundary; a hit after the window has surely ended starts at 1 again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit('k:short', short)).count).toBe(1);
    expect(second.retryAfterSeconds).toBe(1);
  });

  it('removes windows older than the retention now and then', async () => {
    await handle.db.insert(rateLimitHits).values({ key: 'k:ancient', windowStart: sql`now() - interval '3 days'`, count: 5 });
    const limiter = createRateLimiter(handle.db, { retentionSeconds: 86400, random: () => 0 });
    await limiter.hit('k:fresh', limit);
    const left = await handle.db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} = 'k:ancient'`);
    expect(left).toHaveLength(0);
  });

  it('keys by digest, never by the e-mail address itself', () => {
    const key = rateLimitKey('login.login_id', 'someone@example.in');
    expect(key).toMatch(/^login\.login_id:[A-Za-z0-9_-]{32}$/);
    expect(key).not.toContain('someone');
    expect(rateLimitKey('login.login_id', 'someone@example.in')).toBe(key);
  });
});
