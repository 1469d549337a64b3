import { createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@app/shared/format';
import { pushQueue, pushSubscriptions } from '../db/tables/push.table';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';
import { browserKeys, decryptPush, startPushService, type BrowserKeys, type PushService } from '../test/push-service';
import { addLoadPhoto, createWorld, orderInStatus, ordersApi, weighed, type World } from '../features/orders/orders-test-kit';

// design.md section 15: every in-app notification also goes out as Web Push, within 5 s,
// encrypted for the browser (RFC 8291) and signed by the API's VAPID key (RFC 8292). The
// push service here is an HTTP server on 127.0.0.1; the app's own push sender (1 s poll)
// delivers to it, as it would to FCM.

describe.each(TEST_DB_KINDS)('Web Push delivery on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let service: PushService;
  let publicKey: string;
  beforeAll(async () => {
    service = await startPushService({ statusFor: (path) => (path.startsWith('/gone/') ? 410 : path.startsWith('/broken/') ? 500 : 201) });
    ctx = await createTestApp(kind, { pushSender: true });
    world = await createWorld(ctx);
    publicKey = (await ctx.app.inject({ method: 'GET', url: '/push/public-key' })).json().key;
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  /** A store of the world's vendor of its own, so each test counts only its own pushes. */
  const newStore = async (): Promise<World> => ({ ...world, store: await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: world.vendor.vendorId }) });
  const subscribe = async (member: TestMember, path: string, browser: BrowserKeys) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/push/subscriptions', headers: member.headers, payload: { endpoint: `${service.url}${path}`, expirationTime: null, keys: browser.keys } });
    expect(res.statusCode, res.body).toBe(201);
  };
  /** Drives a new order of `w.store` to waiting_store (the store is told it is weighed); answers its id and when the last step began. */
  const weighOrder = async (w: World) => {
    const api = ordersApi(ctx);
    const id = await orderInStatus(ctx, w, 'arrived');
    await addLoadPhoto(ctx, w.driver, id);
    const order = (await api.get(w.driver, id)).json();
    const startedAt = Date.now();
    const res = await api.act(w.driver, 'waiting_store', id, weighed(order, [10.5, 3]));
    // Whatever the push service does, the action that notified succeeds.
    expect(res.statusCode, res.body).toBe(200);
    return { id, startedAt };
  };
  const subscriptionOf = async (endpoint: string) => (await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

  it('sends the store an encrypted, VAPID-signed push within 5 s of its order being weighed', async () => {
    const w = await newStore();
    const browser = browserKeys();
    await subscribe(w.store, '/ok/store-phone', browser);
    const { id, startedAt } = await weighOrder(w);

    const [push] = await service.waitFor((r) => r.path === '/ok/store-phone', { timeoutMs: 5_000 });
    expect(push!.at - startedAt).toBeLessThanOrEqual(5_000);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    expect(Number(push!.headers.ttl)).toBe(86_400);
    expect(push!.headers.urgency).toBe('high');

    // Authorization: vapid t=<JWT signed ES256 by the key GET /push/public-key gives>, k=<that key>.
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push!.headers.authorization ?? '');
    expect(match, push!.headers.authorization).not.toBeNull();
    expect(match![2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const verifyKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    const { payload: claims, protectedHeader } = await jwtVerify(match![1]!, verifyKey, { audience: service.url, algorithms: ['ES256'] });
    expect(protectedHeader.alg).toBe('ES256');
    expect(claims.sub).toBe(ctx.config.VAPID_SUBJECT);
    expect(claims.exp! - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);

    // What the phone decrypts: the store's in-app notification, word for word.
    const message = JSON.parse(decryptPush(push!.body, browser));
    const n = formatOrderNumber(id);
    expect(message).toEqual({ title: `Order ${n} is weighed`, body: expect.stringContaining(n), link: `/Store/Orders?id=${id}`, tag: `/Store/Orders?id=${id}` });
    expect(Object.keys(message).sort()).toEqual(['body', 'link', 'tag', 'title']);

    // Sent rows are deleted; the subscription remembers it worked.
    await expect.poll(async () => (await ctx.db.select().from(pushQueue)).length, { timeout: 5_000 }).toBe(0);
    await expect.poll(async () => (await subscriptionOf(`${service.url}/ok/store-phone`))!.lastSuccessAt, { timeout: 5_000 }).not.toBeNull();
  });

  it('removes a subscription the push service answers 410 for', async () => {
    const w = await newStore();
    await subscribe(w.store, '/gone/old-phone', browserKeys());
    await weighOrder(w);
    await service.waitFor((r) => r.path === '/gone/old-phone');
    await expect.poll(async () => subscriptionOf(`${service.url}/gone/old-phone`), { timeout: 5_000 }).toBeUndefined();
  });

  it('keeps a push the push service failed (500) for a retry with backoff, and the action still succeeds', async () => {
    const w = await newStore();
    await subscribe(w.store, '/broken/phone', browserKeys());
    await weighOrder(w);
    await service.waitFor((r) => r.path === '/broken/phone');
    const subscription = (await subscriptionOf(`${service.url}/broken/phone`))!;
    const rowOf = async () => (await ctx.db.select().from(pushQueue).where(eq(pushQueue.subscriptionId, subscription.id)))[0];
    await expect.poll(async () => (await rowOf())?.attempts, { timeout: 5_000 }).toBe(1);
    const row = (await rowOf())!;
    expect(row.lastError).toMatch(/HTTP 500/);
    // The mail's backoff: a minute after the first failure (not the sender's two-minute lease).
    const wait = row.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(40_000);
    expect(wait).toBeLessThanOrEqual(61_000);
    expect(service.requests.filter((r) => r.path === '/broken/phone')).toHaveLength(1);
    expect(subscription.lastSuccessAt).toBeNull();
  });

  it('sends nothing to a member who turned push off', async () => {
    const w = await newStore();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/settings/notification/me',
      headers: w.store.headers,
      payload: { email_order_updates: true, email_escalations: true, in_app: true, push: false },
    });
    expect(put.statusCode, put.body).toBe(200);
    await subscribe(w.store, '/ok/quiet-phone', browserKeys());
    const { id } = await weighOrder(w);
    const subscription = (await subscriptionOf(`${service.url}/ok/quiet-phone`))!;
    // Nothing was queued with the notification, so nothing can be sent later either.
    expect(await ctx.db.select().from(pushQueue).where(eq(pushQueue.subscriptionId, subscription.id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(service.requests.filter((r) => r.path === '/ok/quiet-phone')).toEqual([]);
    // The in-app notification is there all the same: push is a channel of its own.
    const notes = await ctx.app.inject({ method: 'GET', url: '/notifications', headers: w.store.headers });
    expect(notes.json().map((x: { link: string }) => x.link)).toContain(`/Store/Orders?id=${id}`);
  });
});
