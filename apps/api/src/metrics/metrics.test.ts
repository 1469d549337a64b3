import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import { mailQueue } from '../db/tables/live.table';
import { pushSubscriptions } from '../db/tables/push.table';
import { queuePushes } from '../push/push-queue';
import { runSchedulerTick } from '../scheduler/scheduler';
import type { TestMember } from '../test/factories';
import { browserKeys } from '../test/push-service';
import { openSse } from '../test/sse-client';
import { createTestApp, directUrl, type TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';

// design.md section 17, "Metrics". Every call goes to the first API process itself, never
// through a balancer: metrics are per process, and behind nginx (test/through-nginx.ts)
// app.inject() could reach the other one.

const TOKEN = 'metrics-token-for-tests-0123456789';

type Labels = Record<string, string>;

/** The value of one sample of a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, name: string, labels: Labels = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Labels = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) found[key!] = value!;
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** Every value of one label in the exposition, over all samples. */
function labelValues(text: string, label: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(`[{,]${label}="((?:[^"\\\\]|\\\\.)*)"`, 'g'))].map((m) => m[1]!));
}

describe.each(TEST_DB_KINDS)('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  let ctx: TestContext;
  let base: string;
  let store: TestMember;
  const call = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
  const scrape = async () => {
    const res = await call('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { METRICS_TOKEN: TOKEN } });
    base = await directUrl(ctx);
    store = await ctx.factories.createMember('store');
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('answers 401 to a missing, wrong or non-bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, store.headers.authorization]) {
      const res = await call('/metrics', authorization ? { authorization } : {});
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as { detail: string }).detail).toMatch(/METRICS_TOKEN/);
    }
  });

  it('answers the Prometheus text format, with the process metrics, on its own registry', async () => {
    const res = await call('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(ctx.app.metrics?.registry.getSingleMetric('http_requests_total')).toBeDefined();
  });

  it('is left out of the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('counts requests by route pattern, method and status with their durations, never by raw URL', async () => {
    const route = { method: 'GET', route: '/orders/:id', status_code: '404' };
    const count = (text: string, labels: Labels) => sample(text, 'http_requests_total', labels) ?? 0;
    const before = await scrape();
    const answers = [];
    for (const url of ['/orders/123456', '/orders/123456/', '/orders/123?x=1']) answers.push(await call(url, store.headers));
    expect(answers.slice(0, 2).map((a) => a.status)).toEqual([404, 404]);
    expect((await call('/no/such/path/987?secret=abc')).status).toBe(404);

    const after = await scrape();
    // Each answer under its own status (the last one 400 or 404, as the route treats `x`).
    for (const status of new Set(answers.map((a) => a.status))) {
      const labels = { ...route, status_code: String(status) };
      expect(count(after, labels) - count(before, labels)).toBe(answers.filter((a) => a.status === status).length);
    }
    expect(count(after, { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // The histogram: every request lands in the +Inf bucket, and the sum is its seconds.
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(count(after, route));
    expect(sample(after, 'http_request_duration_seconds_count', route)).toBe(count(after, route));
    const seconds = sample(after, 'http_request_duration_seconds_sum', route) ?? -1;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(60);

    const routes = labelValues(after, 'route');
    expect(routes.has('/orders/:id')).toBe(true);
    for (const value of routes) expect(value, 'a route label is a pattern, never a URL').not.toMatch(/\d{3}|\?|secret|\/no\/such/);
    expect(after).not.toContain('123456');
    expect(after).not.toContain('x=1');
  });

  it('counts polls answered from memory under their route, and on their own', async () => {
    const route = { method: 'GET', route: '/orders', status_code: '200' };
    const fromMemory = { route: '/orders', status_code: '200' };
    const before = await scrape();
    const first = await call('/orders?status=pending', store.headers);
    const second = await call('/orders?status=pending', store.headers);
    expect([first.status, second.status]).toEqual([200, 200]);
    const after = await scrape();
    expect((sample(after, 'http_requests_total', route) ?? 0) - (sample(before, 'http_requests_total', route) ?? 0)).toBe(2);
    // The second was the cached one: the first filled the cache.
    expect((sample(after, 'kabadi_http_answers_from_memory_total', fromMemory) ?? 0) - (sample(before, 'kabadi_http_answers_from_memory_total', fromMemory) ?? 0)).toBe(1);
  });

  it('shows the event streams open in this process', async () => {
    expect(sample(await scrape(), 'kabadi_event_streams_open')).toBe(0);
    const streams = [await openSse(`${base}/events`, store.headers), await openSse(`${base}/events`, store.headers)];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      expect(sample(await scrape(), 'kabadi_event_streams_open')).toBe(2);
      streams[0]!.close();
      await expect.poll(async () => sample(await scrape(), 'kabadi_event_streams_open')).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
    await expect.poll(async () => sample(await scrape(), 'kabadi_event_streams_open')).toBe(0);
  });

  it('counts scheduler runs and failures per job, and still answers while the queues cannot be counted', async () => {
    const before = await scrape();
    const delta = (text: string, name: string, job: string) => (sample(text, name, { job }) ?? 0) - (sample(before, name, { job }) ?? 0);
    // The mail job fails as it would on a database that refuses its statement; the others run on.
    await ctx.db.execute(sql`alter table mail_queue rename to mail_queue_away`);
    let during: string;
    try {
      await runSchedulerTick(ctx.app);
      during = await scrape();
    } finally {
      await ctx.db.execute(sql`alter table mail_queue_away rename to mail_queue`);
    }
    expect(delta(during, 'kabadi_scheduler_job_runs_total', 'mail')).toBe(1);
    expect(delta(during, 'kabadi_scheduler_job_failures_total', 'mail')).toBe(1);
    for (const job of ['auto-cancel', 'escalate', 'prune', 'prune-idempotency-keys', 'sweep-photo-orphans']) {
      expect(delta(during, 'kabadi_scheduler_job_runs_total', job), job).toBe(1);
      expect(sample(during, 'kabadi_scheduler_job_failures_total', { job }), job).toBe(0);
    }
    // Uncountable queues are left out rather than shown as a made-up number.
    expect(sample(during, 'kabadi_queue_depth', { queue: 'mail' })).toBeUndefined();
    expect(sample(during, 'http_requests_total', { method: 'GET', route: '/metrics', status_code: '200' })).toBeGreaterThan(0);

    await runSchedulerTick(ctx.app);
    const after = await scrape();
    expect(delta(after, 'kabadi_scheduler_job_runs_total', 'mail')).toBe(2);
    expect(delta(after, 'kabadi_scheduler_job_failures_total', 'mail')).toBe(1);
    expect(sample(after, 'kabadi_queue_depth', { queue: 'mail' })).toBeGreaterThanOrEqual(0);
  });

  it('shows the mail and push queues: rows waiting, and those due now', async () => {
    const before = await scrape();
    const delta = (text: string, name: string, queue: string) => (sample(text, name, { queue }) ?? NaN) - (sample(before, name, { queue }) ?? NaN);
    const later = new Date(Date.now() + 3_600_000);
    await ctx.db.insert(mailQueue).values([
      { toAddress: store.loginId, subject: 'due', body: 'now' },
      { toAddress: store.loginId, subject: 'retry', body: 'later', attempts: 1, nextAttemptAt: later },
    ]);
    const [subscription] = await ctx.db.insert(pushSubscriptions).values({ memberId: store.id, endpoint: 'https://push.example.com/metrics-test', ...browserKeys().keys }).returning();
    expect(subscription).toBeDefined();
    await queuePushes(ctx.db, [{ memberId: store.id, payload: { title: 'Title', body: 'Body', link: '/Store/Orders', tag: 'metrics' }, urgency: 'normal' }]);

    const after = await scrape();
    expect(delta(after, 'kabadi_queue_depth', 'mail')).toBe(2);
    expect(delta(after, 'kabadi_queue_due', 'mail')).toBe(1);
    expect(delta(after, 'kabadi_queue_depth', 'push')).toBe(1);
    expect(delta(after, 'kabadi_queue_due', 'push')).toBe(1);
  });

  it(kind === 'postgres' ? "shows the database pool's use" : 'shows no pool for the embedded database', async () => {
    const text = await scrape();
    if (kind === 'postgres') {
      // The test database's pool (test/test-database.ts).
      expect(sample(text, 'kabadi_db_pool_max_connections')).toBe(20);
      expect(sample(text, 'kabadi_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'kabadi_db_pool_connections', { state: 'active' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'kabadi_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('kabadi_db_pool');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers 404 exactly as an unknown route, and counts nothing', async () => {
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/metricz', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.json()).toEqual({ detail: 'Not found: GET /metrics' });
    expect(unknown.json()).toEqual({ detail: 'Not found: GET /metricz' });
    expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(ctx.app.metrics).toBeNull();
  });
});

describe('METRICS_TOKEN in the configuration', () => {
  it('refuses a short token in production, where the metrics face the network', () => {
    expect(() => testConfig({ APP_ENV: 'production', METRICS_TOKEN: 'fifteen-chars-x' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(testConfig({ APP_ENV: 'production', METRICS_TOKEN: 'sixteen-chars-xx' }).METRICS_TOKEN).toBe('sixteen-chars-xx');
    expect(testConfig({ APP_ENV: 'dev', METRICS_TOKEN: 'dev' }).METRICS_TOKEN).toBe('dev');
    expect(testConfig({ APP_ENV: 'production', METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
