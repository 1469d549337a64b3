import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushQueue, pushSubscriptions } from '../db/tables/push.table';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { startSecondProcess } from '../test/second-process';
import { browserKeys, decryptPush, startPushService, type BrowserKeys, type PushService } from '../test/push-service';
import { queuePushes } from './push-queue';
import { pushSendOptions } from './push-sender';
import { PUSH_MAX_ATTEMPTS, sendDuePushes } from './send-due-pushes';

// The push queue and its senders, called by hand (the apps' own 1-second senders are off):
// what is removed, what is retried and when, and that two processes never send one push twice.

describe.each(TEST_DB_KINDS)('the push senders on %s', (kind) => {
  let ctx: TestContext;
  let service: PushService;
  let member: TestMember;
  beforeAll(async () => {
    service = await startPushService({ statusFor: (path) => (path.startsWith('/gone/') ? 404 : path.startsWith('/busy/') ? 503 : 201) });
    ctx = await createTestApp(kind);
    member = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });
  // Each test counts its own rows: what an earlier one left queued is not due in its clock.
  beforeEach(async () => {
    await ctx.db.delete(pushQueue);
  });

  const subscribe = async (endpoint: string, browser: BrowserKeys = browserKeys(), memberId = member.id) => {
    const [row] = await ctx.db.insert(pushSubscriptions).values({ memberId, endpoint, ...browser.keys }).returning();
    return row!;
  };
  const queueFor = async (memberId: number, tags: string[]) =>
    queuePushes(ctx.db, tags.map((tag) => ({ memberId, payload: { title: `Title ${tag}`, body: 'Body', link: `/Store/Orders?id=${tag}`, tag }, urgency: 'normal' as const })));
  const rowsOf = async (subscriptionId: number) => ctx.db.select().from(pushQueue).where(eq(pushQueue.subscriptionId, subscriptionId));
  const options = () => pushSendOptions(ctx.app);

  it('removes a subscription answered 404, and every push still queued for it', async () => {
    const owner = await ctx.factories.createMember('store');
    const gone = await subscribe(`${service.url}/gone/a`, browserKeys(), owner.id);
    await queueFor(owner.id, ['g1', 'g2', 'g3']);
    const round = await sendDuePushes(ctx.db, { ...options(), batch: 1 });
    expect(round).toMatchObject({ leased: 1, removed: 1, sent: 0 });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id))).toEqual([]);
    expect(await rowsOf(gone.id)).toEqual([]);
    expect(service.requests.filter((r) => r.path === '/gone/a')).toHaveLength(1);
  });

  it('retries a failing push service with the mail\'s backoff, and gives up after the last attempt', async () => {
    const owner = await ctx.factories.createMember('store');
    const busy = await subscribe(`${service.url}/busy/b`, browserKeys(), owner.id);
    await queueFor(owner.id, ['b1']);
    // A second ahead: the row's first next_attempt_at is the database's clock, `now` this process's.
    let now = new Date(Date.now() + 1000);
    const delays: number[] = [];
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt++) {
      expect(await sendDuePushes(ctx.db, { ...options(), now })).toMatchObject({ retried: 1 });
      const [row] = await rowsOf(busy.id);
      expect(row).toMatchObject({ attempts: attempt, lastError: 'the push service answered HTTP 503' });
      delays.push((row!.nextAttemptAt.getTime() - now.getTime()) / 1000);
      // Not due before its time...
      expect(await sendDuePushes(ctx.db, { ...options(), now: new Date(row!.nextAttemptAt.getTime() - 1000) })).toMatchObject({ leased: 0 });
      now = row!.nextAttemptAt;
    }
    expect(delays).toEqual([60, 120, 240, 480, 960].slice(0, PUSH_MAX_ATTEMPTS - 1));
    expect(await sendDuePushes(ctx.db, { ...options(), now })).toMatchObject({ givenUp: 1 });
    expect(await rowsOf(busy.id)).toEqual([]);
    // The subscription stays: a push service that was down is not a browser that left.
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, busy.id))).toHaveLength(1);
    expect(service.requests.filter((r) => r.path === '/busy/b')).toHaveLength(PUSH_MAX_ATTEMPTS);
  });

  it('retries when nothing listens at the endpoint', async () => {
    const owner = await ctx.factories.createMember('store');
    const closed = await startPushService();
    await closed.close();
    const nobody = await subscribe(`${closed.url}/nobody`, browserKeys(), owner.id);
    await queueFor(owner.id, ['n1']);
    expect(await sendDuePushes(ctx.db, options())).toMatchObject({ retried: 1 });
    const [row] = await rowsOf(nobody.id);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/ECONNREFUSED|fetch failed/);
  });

  it('never posts to an endpoint the rule no longer allows: the subscription goes', async () => {
    const owner = await ctx.factories.createMember('store');
    const local = await subscribe(`${service.url}/ok/was-dev`, browserKeys(), owner.id);
    await queueFor(owner.id, ['p1']);
    const before = service.requests.length;
    expect(await sendDuePushes(ctx.db, { ...options(), allowLocalHttp: false })).toMatchObject({ removed: 1, sent: 0 });
    expect(service.requests.length).toBe(before);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, local.id))).toEqual([]);
  });

  it('gives a push in flight back to the queue when the process closes', async () => {
    const hanging = await startPushService({ delayMs: 60_000 });
    try {
      const owner = await ctx.factories.createMember('store');
      const slow = await subscribe(`${hanging.url}/hangs`, browserKeys(), owner.id);
      await queueFor(owner.id, ['h1']);
      const closing = new AbortController();
      const sending = sendDuePushes(ctx.db, pushSendOptions(ctx.app, closing.signal));
      await hanging.waitFor(() => true);
      closing.abort();
      expect(await sending).toMatchObject({ leased: 1, sent: 0, retried: 0 });
      const [row] = await rowsOf(slow.id);
      expect(row!.attempts).toBe(0);
      expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    } finally {
      await hanging.close();
    }
  });

  it('stops its own sender when the app closes, without waiting for a push service that hangs', async () => {
    const hanging = await startPushService({ delayMs: 60_000 });
    const own = await createTestApp(kind, { pushSender: true });
    try {
      const owner = await own.factories.createMember('store');
      await own.db.insert(pushSubscriptions).values({ memberId: owner.id, endpoint: `${hanging.url}/hangs`, ...browserKeys().keys });
      await queuePushes(own.db, [{ memberId: owner.id, payload: { title: 't', body: 'b', link: null, tag: 'x' }, urgency: 'high' }]);
      await hanging.waitFor(() => true, { timeoutMs: 5_000 });
      const started = Date.now();
      await own.app.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await own.db.select().from(pushQueue))[0]!.attempts).toBe(0);
    } finally {
      // Closes what is still open (the database; behind nginx the balancer and the second process too).
      await own.close();
      await hanging.close();
    }
  });

  it.runIf(kind === 'postgres')('delivers each push exactly once with two processes sending from one queue', async () => {
    const slowService = await startPushService({ delayMs: 20 });
    const second = await startSecondProcess(ctx);
    try {
      const owner = await ctx.factories.createMember('store');
      const browsers = [browserKeys(), browserKeys()];
      await subscribe(`${slowService.url}/phone-0`, browsers[0], owner.id);
      await subscribe(`${slowService.url}/phone-1`, browsers[1], owner.id);
      const tags = Array.from({ length: 30 }, (_, i) => `order-${i}`);
      await queueFor(owner.id, tags);

      const drain = async (app: typeof ctx.app) => {
        let sent = 0;
        for (;;) {
          const round = await sendDuePushes(app.db, { ...pushSendOptions(app), batch: 4 });
          sent += round.sent;
          if (round.leased === 0) return sent;
        }
      };
      const [first, other] = await Promise.all([drain(ctx.app), drain(second.app)]);
      expect(first + other).toBe(60);
      // Both took part: the lease, not luck, kept them apart.
      expect(first).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);

      expect(slowService.requests).toHaveLength(60);
      for (const [i, browser] of browsers.entries()) {
        const received = slowService.requests.filter((r) => r.path === `/phone-${i}`).map((r) => JSON.parse(decryptPush(r.body, browser)).tag);
        expect(received.sort()).toEqual([...tags].sort());
      }
      expect(await ctx.db.select().from(pushQueue)).toEqual([]);
    } finally {
      await second.close();
      await slowService.close();
    }
  });
});
