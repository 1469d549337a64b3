import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX } from '@app/shared/schemas/push';
import { pushQueue, pushSubscriptions, vapidKeys } from '../../db/tables/push.table';
import { isP256PublicKey } from '../../push/p256';
import { queuePushes } from '../../push/push-queue';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { browserKeys } from '../../test/push-service';

// design.md section 15: GET /push/public-key, POST and DELETE /push/subscriptions.

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';

describe.each(TEST_DB_KINDS)('push subscriptions on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  let driver: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
    driver = await ctx.factories.createMember('driver');
  }, 60_000);
  afterAll(async () => ctx?.close());

  const post = (member: TestMember | null, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: member?.headers ?? {}, payload: payload as object });
  const remove = (member: TestMember, endpoint: string) => ctx.app.inject({ method: 'DELETE', url: '/push/subscriptions', headers: member.headers, payload: { endpoint } });
  const subscription = (endpoint: string, keys = browserKeys().keys) => ({ endpoint, expirationTime: null, keys });
  const rowsOf = async (member: TestMember) =>
    ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, member.id)).orderBy(asc(pushSubscriptions.id));

  it('gives the VAPID public key to anyone, the one kept in the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/push/public-key' });
    expect(res.statusCode).toBe(200);
    const { key } = res.json();
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(isP256PublicKey(key)).toBe(true);
    const [stored] = await ctx.db.select().from(vapidKeys);
    expect(stored!.publicKey).toBe(key);
    expect((await ctx.app.inject({ method: 'GET', url: '/push/public-key/' })).json().key).toBe(key);
  });

  it('keeps a subscription per member; the same endpoint again replaces it', async () => {
    expect((await post(null, subscription(ENDPOINT))).statusCode).toBe(401);
    const first = await post(store, subscription(ENDPOINT));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ endpoint: ENDPOINT, created_at: expect.any(String) });
    const newKeys = browserKeys().keys;
    expect((await post(store, subscription(ENDPOINT, newKeys))).statusCode).toBe(201);
    const rows = await rowsOf(store);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: ENDPOINT, p256dh: newKeys.p256dh, auth: newKeys.auth });
  });

  it('moves an endpoint another member posts to that member, dropping what was queued for the first', async () => {
    const endpoint = 'https://updates.push.services.mozilla.com/wpush/v2/shared-phone';
    expect((await post(store, subscription(endpoint))).statusCode).toBe(201);
    const [mine] = (await rowsOf(store)).filter((r) => r.endpoint === endpoint);
    await queuePushes(ctx.db, [{ memberId: store.id, payload: { title: 'For the store', body: 'b', link: null, tag: 't' }, urgency: 'normal' }]);
    expect(await ctx.db.select().from(pushQueue).where(eq(pushQueue.subscriptionId, mine!.id))).toHaveLength(1);

    expect((await post(driver, subscription(endpoint))).statusCode).toBe(201);
    expect((await rowsOf(store)).map((r) => r.endpoint)).not.toContain(endpoint);
    expect((await rowsOf(driver)).map((r) => r.endpoint)).toEqual([endpoint]);
    expect(await ctx.db.select().from(pushQueue).where(eq(pushQueue.subscriptionId, mine!.id))).toEqual([]);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX} per member, replacing the least recently posted`, async () => {
    const member = await ctx.factories.createMember('vendor');
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX + 2 }, (_, i) => `https://web.push.apple.com/device-${i}`);
    for (const endpoint of endpoints) expect((await post(member, subscription(endpoint))).statusCode).toBe(201);
    const kept = (await rowsOf(member)).map((r) => r.endpoint);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER_MAX);
    expect(kept).toEqual(endpoints.slice(2));
  });

  it('removes only the caller\'s own subscription', async () => {
    const own = 'https://fcm.googleapis.com/fcm/send/own-device';
    const theirs = 'https://fcm.googleapis.com/fcm/send/their-device';
    const member = await ctx.factories.createMember('store');
    const other = await ctx.factories.createMember('store');
    expect((await post(member, subscription(own))).statusCode).toBe(201);
    expect((await post(other, subscription(theirs))).statusCode).toBe(201);

    const notMine = await remove(member, theirs);
    expect(notMine.statusCode).toBe(204);
    expect((await rowsOf(other)).map((r) => r.endpoint)).toEqual([theirs]);

    expect((await remove(member, own)).statusCode).toBe(204);
    expect(await rowsOf(member)).toEqual([]);
    // Already gone, or never there: nothing to do, and still 204.
    expect((await remove(member, own)).statusCode).toBe(204);
    const empty = await ctx.app.inject({ method: 'DELETE', url: '/push/subscriptions', headers: member.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(['endpoint']);
  });

  it('refuses what is not a browser\'s subscription, 400 naming the field', async () => {
    const good = browserKeys().keys;
    const offCurve = Buffer.from(good.p256dh, 'base64url');
    offCurve[64] = offCurve[64]! ^ 0x01;
    const cases: Array<[string, unknown, string]> = [
      ['a foreign http host', subscription('http://example.com/push/1'), 'endpoint'],
      ['ftp', subscription('ftp://push.example.com/x'), 'endpoint'],
      ['javascript', subscription('javascript:alert(1)'), 'endpoint'],
      ['not a URL', subscription('push me'), 'endpoint'],
      ['an IP address', subscription('https://10.0.0.7/push'), 'endpoint'],
      ['IPv6 loopback', subscription('https://[::1]/push'), 'endpoint'],
      ['the metadata service', subscription('https://169.254.169.254/latest'), 'endpoint'],
      ['a user and password', subscription('https://me:pw@fcm.googleapis.com/x'), 'endpoint'],
      ['a dotless host', subscription('https://intranet/push'), 'endpoint'],
      ['too long', subscription(`https://fcm.googleapis.com/${'a'.repeat(2000)}`), 'endpoint'],
      ['a number', { ...subscription(ENDPOINT), endpoint: 42 }, 'endpoint'],
      ['no endpoint', { keys: good }, 'endpoint'],
      ['no keys', { endpoint: ENDPOINT }, 'keys'],
      ['no auth', { endpoint: ENDPOINT, keys: { p256dh: good.p256dh } }, 'keys.auth'],
      ['no p256dh', { endpoint: ENDPOINT, keys: { auth: good.auth } }, 'keys.p256dh'],
      ['p256dh off the curve', subscription(ENDPOINT, { ...good, p256dh: offCurve.toString('base64url') }), 'keys.p256dh'],
      ['p256dh compressed (33 bytes)', subscription(ENDPOINT, { ...good, p256dh: Buffer.concat([Buffer.from([2]), offCurve.subarray(1, 33)]).toString('base64url') }), 'keys.p256dh'],
      ['p256dh not base64url', subscription(ENDPOINT, { ...good, p256dh: `${good.p256dh.slice(0, -2)}+/` }), 'keys.p256dh'],
      ['p256dh not starting 0x04', subscription(ENDPOINT, { ...good, p256dh: Buffer.concat([Buffer.from([5]), offCurve.subarray(1)]).toString('base64url') }), 'keys.p256dh'],
      ['auth of 15 bytes', subscription(ENDPOINT, { ...good, auth: Buffer.alloc(15, 1).toString('base64url') }), 'keys.auth'],
      ['auth of 17 bytes', subscription(ENDPOINT, { ...good, auth: Buffer.alloc(17, 1).toString('base64url') }), 'keys.auth'],
      ['auth with a NUL', subscription(ENDPOINT, { ...good, auth: 'a\u0000b' }), 'keys.auth'],
    ];
    const before = await ctx.db.select().from(pushSubscriptions);
    for (const [what, payload, field] of cases) {
      const res = await post(driver, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors), what).toEqual([field]);
      expect(res.json().detail, what).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    const noBody = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: driver.headers });
    expect(noBody.statusCode).toBe(400);
    expect(await ctx.db.select().from(pushSubscriptions)).toEqual(before);
  });

  it('lets a push service on this machine in, in dev only', async () => {
    expect((await post(store, subscription('http://127.0.0.1:9999/push/dev'))).statusCode).toBe(201);
    expect((await post(store, subscription('http://localhost:8081/push/dev'))).statusCode).toBe(201);
    expect((await post(store, subscription('http://127.0.0.2/push/dev'))).statusCode).toBe(400);
  });

  it('documents the routes and their schemas in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/push/public-key'].get.responses['200']).toBeDefined();
    const subscribe = doc.paths['/push/subscriptions'].post;
    const body = subscribe.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['endpoint', 'keys']));
    expect(body.properties.keys.required).toEqual(expect.arrayContaining(['p256dh', 'auth']));
    expect(subscribe.responses['201']).toBeDefined();
    expect(doc.paths['/push/subscriptions'].delete.requestBody.content['application/json'].schema.required).toEqual(['endpoint']);
  });
});

describe('push subscriptions in production', () => {
  let ctx: TestContext;
  let store: TestMember;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { config: { APP_ENV: 'production' } });
    store = await ctx.factories.createMember('store');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('refuses a push service on this machine (http://127.0.0.1, http://localhost)', async () => {
    const keys = browserKeys().keys;
    for (const endpoint of ['http://127.0.0.1:9999/push', 'http://localhost:9999/push', 'https://127.0.0.1/push', 'https://localhost/push']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: store.headers, payload: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['endpoint']);
    }
    const ok = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: store.headers, payload: { endpoint: ENDPOINT, keys } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses local names written with a trailing dot (localhost. is localhost)', async () => {
    const keys = browserKeys().keys;
    const endpoints = ['https://localhost./x', 'https://LOCALHOST./x', 'https://foo.localhost./', 'https://localhost../x', 'https://pushhost./x', 'https://127.0.0.1./x', 'http://localhost.:9999/push'];
    for (const endpoint of endpoints) {
      const res = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: store.headers, payload: { endpoint, keys } });
      expect(res.statusCode, endpoint).toBe(400);
      expect(Object.keys(res.json().errors), endpoint).toEqual(['endpoint']);
    }
    // A real push service's name with the root's dot is still its name.
    const dotted = `${new URL(ENDPOINT).origin}./trailing-dot`;
    const ok = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: store.headers, payload: { endpoint: dotted, keys } });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
