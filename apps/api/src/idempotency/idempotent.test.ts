import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { escalations } from '../db/tables/escalations.table';
import { idempotencyKeys } from '../db/tables/idempotency.table';
import { runSchedulerTick } from '../scheduler/scheduler';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { canonicalJson, claimTiming, keyLimits } from './idempotent';
import { claimKey, storeAnswer } from './idempotency-repository';

describe('canonicalJson', () => {
  it('writes equal bodies alike whatever their key order, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});

// The claim, the wait, the takeover and the pruning, seen through POST /escalations/ (the
// simplest of the four routes); the routes' own tests live beside them.
describe.each(TEST_DB_KINDS)('the idempotency store on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  const timing = { ...claimTiming };
  const limits = { ...keyLimits };

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const vendor = await ctx.factories.createMember('vendor');
    store = await ctx.factories.createMember('store', { vendorId: vendor.vendorId });
  });
  afterEach(() => {
    Object.assign(claimTiming, timing);
    Object.assign(keyLimits, limits);
  });
  afterAll(async () => ctx?.close());

  const body = { subject: 'Gate locked', description: 'Nobody opened the gate.' };
  const post = (key: string) => ctx.app.inject({ method: 'POST', url: '/escalations/', headers: { ...store.headers, 'idempotency-key': key }, payload: body });
  const escalationCount = async () => (await ctx.db.select({ n: count() }).from(escalations))[0]!.n;
  const row = async (key: string) => {
    const [found] = await ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.memberId, store.id), eq(idempotencyKeys.key, key)));
    return found;
  };
  const setRowOf = (memberId: number, key: string, values: PgUpdateSetSource<typeof idempotencyKeys>) =>
    ctx.db.update(idempotencyKeys).set(values).where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
  const setRow = (key: string, values: PgUpdateSetSource<typeof idempotencyKeys>) => setRowOf(store.id, key, values);
  const rowOf = async (memberId: number, key: string) =>
    (await ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key))))[0];

  /** A key whose first request is still running: its row as the claim left it. */
  async function runningKey(): Promise<{ key: string; answer: { statusCode: number; body: unknown } }> {
    const key = randomUUID();
    const first = await post(key);
    expect(first.statusCode).toBe(201);
    await setRow(key, { state: 'running', statusCode: null, body: null });
    return { key, answer: { statusCode: 201, body: first.json() } };
  }

  it('stores the answer with the key: member, route, body hash, status', async () => {
    const key = randomUUID();
    const res = await post(key);
    expect(await row(key)).toMatchObject({ memberId: store.id, route: 'POST /escalations', state: 'done', statusCode: 201, body: res.json(), requestHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('lets a repeat wait for the first request and answer with its answer', async () => {
    const { key, answer } = await runningKey();
    const before = await escalationCount();
    const repeat = post(key);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setRow(key, { state: 'done', statusCode: answer.statusCode, body: answer.body });
    const res = await repeat;
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json()).toEqual(answer.body);
    expect(await escalationCount()).toBe(before);
  });

  it('answers 409 with Retry-After while the first request is still running after the wait', async () => {
    claimTiming.waitMs = 300;
    const { key } = await runningKey();
    const before = await escalationCount();
    const res = await post(key);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ detail: 'A request with this Idempotency-Key is still in progress; retry in a moment' });
    expect(await escalationCount()).toBe(before);
    expect((await row(key))?.state).toBe('running');
  });

  it('takes a stale running claim over (its process died) and does the work', async () => {
    const { key } = await runningKey();
    await setRow(key, { createdAt: sql`now() - interval '3 minutes'` });
    const before = await escalationCount();
    const res = await post(key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await escalationCount()).toBe(before + 1);
    expect(await row(key)).toMatchObject({ state: 'done', statusCode: 201, body: res.json() });
  });

  it('lets only the claim\'s holder store the answer', async () => {
    const owner = { memberId: store.id, key: randomUUID() };
    const token = randomUUID();
    expect(await claimKey(ctx.db, owner, { route: 'POST /escalations', requestHash: 'h', claimToken: token })).toBe(true);
    expect(await claimKey(ctx.db, owner, { route: 'POST /escalations', requestHash: 'h', claimToken: randomUUID() })).toBe(false);
    expect(await storeAnswer(ctx.db, owner, randomUUID(), { statusCode: 201, body: {} })).toBe(false);
    expect(await storeAnswer(ctx.db, owner, token, { statusCode: 201, body: { ok: true } })).toBe(true);
    expect(await row(owner.key)).toMatchObject({ state: 'done', body: { ok: true } });
  });

  it('gives the key up after a server error, so a retry does the work', async () => {
    // The work fails inside the database: the insert of the escalation raises.
    await ctx.db.execute(sql.raw(`CREATE FUNCTION test_refuse_escalation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'database down'; END $$`));
    await ctx.db.execute(sql.raw('CREATE TRIGGER test_refuse_escalation_tr BEFORE INSERT ON escalations FOR EACH ROW EXECUTE FUNCTION test_refuse_escalation()'));
    const key = randomUUID();
    const before = await escalationCount();
    try {
      const failed = await post(key);
      expect(failed.statusCode).toBe(500);
      expect(await row(key)).toBeUndefined();
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER test_refuse_escalation_tr ON escalations'));
      await ctx.db.execute(sql.raw('DROP FUNCTION test_refuse_escalation()'));
    }
    const retried = await post(key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await escalationCount()).toBe(before + 1);
  });

  it('is pruned by the scheduler after 48 hours', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    expect((await post(old)).statusCode).toBe(201);
    expect((await post(recent)).statusCode).toBe(201);
    await setRow(old, { createdAt: sql`now() - interval '49 hours'` });
    await setRow(recent, { createdAt: sql`now() - interval '47 hours'` });
    const tick = await runSchedulerTick(ctx.app);
    expect(tick.keysPruned).toBe(1);
    expect(await row(old)).toBeUndefined();
    expect(await row(recent)).toBeDefined();
    // Pruned, the key is new again.
    expect((await post(old)).headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps at most the cap of keys per member under concurrent requests, dropping the oldest; a recent key still replays', async () => {
    keyLimits.perMember = 10;
    const member = await ctx.factories.createMember('store', { vendorId: store.vendorId });
    const postAs = (key: string) => ctx.app.inject({ method: 'POST', url: '/escalations/', headers: { ...member.headers, 'idempotency-key': key }, payload: body });
    const keysOf = async () => (await ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.memberId, member.id)))[0]!.n;
    const oldest = randomUUID();
    expect((await postAs(oldest)).statusCode).toBe(201);
    await setRowOf(member.id, oldest, { createdAt: sql`now() - interval '1 hour'` });

    // 40 clients at once, while another watches the count.
    let most = 0;
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        most = Math.max(most, await keysOf());
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(Array.from({ length: 40 }, () => postAs(randomUUID())));
    racing = false;
    await watcher;
    // On a loaded machine a claim may wait past the lock timeout: 503, try again; never a 500.
    expect(results.filter((r) => r.statusCode !== 201 && r.statusCode !== 503).map((r) => r.body)).toEqual([]);
    expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThan(10);
    expect(most).toBeLessThanOrEqual(10);
    expect(await keysOf()).toBe(10);
    // The oldest went first; a new key, and a repeat of it, behave as before.
    expect(await rowOf(member.id, oldest)).toBeUndefined();
    const recent = randomUUID();
    const first = await postAs(recent);
    expect(first.statusCode).toBe(201);
    const before = await escalationCount();
    const repeat = await postAs(recent);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await escalationCount()).toBe(before);
    expect(await keysOf()).toBe(10);
  }, 60_000);

  it('is allowed in CORS preflights, and the web app may read Idempotent-Replayed', async () => {
    const origin = ctx.config.WEB_ORIGIN[0]!;
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/escalations/',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    const res = await ctx.app.inject({ method: 'POST', url: '/escalations/', headers: { ...store.headers, origin, 'idempotency-key': randomUUID() }, payload: body });
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('idempotent-replayed');
  });
});
