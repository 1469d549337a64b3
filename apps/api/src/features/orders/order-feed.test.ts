import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publicUrl, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { startSecondProcess } from '../../test/second-process';
import { sql } from 'drizzle-orm';
import { createWorld, ordersApi, type World } from './orders-test-kit';
import { openSse, type SseClient } from '../../test/sse-client';

// design.md section 12: GET /events, to exactly those who may see what changed.

describe.each(TEST_DB_KINDS)('the change feed on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  let base: string;
  const open: SseClient[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    base = await publicUrl(ctx);
  }, 120_000);
  afterAll(async () => {
    for (const client of open) client.close();
    await ctx?.close();
  });

  const stream = async (headers: Record<string, string>, url = `${base}/events`) => {
    const client = await openSse(url, headers);
    open.push(client);
    return client;
  };
  const newOrder = async () => (await api.create(world.store, { details: [{ material_id: world.materialIds[0]!, weight: 3 }] })).json() as { id: number };
  const isOrder = (id: number, status?: string) => (e: { event: string; data: unknown }) =>
    e.event === 'order' && (e.data as { id: number }).id === id && (status === undefined || (e.data as { status: string }).status === status);

  it('sends an order event to whoever may see the order, and to no one else', async () => {
    const [store, vendor, admin, driver, farDriver, otherStore, otherVendor] = await Promise.all(
      [world.store, world.vendor, world.admin, world.driver, world.farDriver, world.otherStore, world.otherVendor].map((m) => stream(m.headers)),
    );
    expect(store!.status).toBe(200);
    const order = await newOrder();
    for (const client of [store!, vendor!, admin!, driver!]) {
      const event = await client.waitFor(isOrder(order.id, 'pending'));
      expect(event.id).toMatch(/^\d+$/);
      expect(event.data).toEqual({ id: order.id, status: 'pending', updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    }
    expect((await api.act(world.driver, 'accepted', order.id)).statusCode).toBe(200);
    await store!.waitFor(isOrder(order.id, 'accepted'));
    await driver!.waitFor(isOrder(order.id, 'accepted'));
    // Give any wrongly routed event time to arrive before checking it did not.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const outsider of [farDriver!, otherStore!, otherVendor!]) {
      expect(outsider.events.filter((e) => e.event === 'order' && (e.data as { id: number }).id === order.id)).toEqual([]);
    }
  });

  it('refuses a stream without a token or with a bad one, and an unverified member', async () => {
    expect((await stream({})).status).toBe(401);
    expect((await stream({ authorization: 'Bearer nonsense' })).status).toBe(401);
    const pending = await ctx.factories.createMember('store', { verified: false });
    expect((await stream(pending.headers)).status).toBe(403);
    expect((await stream(world.store.headers, `${base}/events?since=1`)).status).toBe(400);
  });

  it('opens a stream with a one-minute ticket instead of the header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/events/ticket', headers: world.store.headers });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket, expires_at: expiresAt } = res.json();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    const client = await stream({}, `${base}/events?ticket=${encodeURIComponent(ticket)}`);
    expect(client.status).toBe(200);
    const order = await newOrder();
    await client.waitFor(isOrder(order.id));
    // An access token is no ticket, and a ticket is no access token.
    expect((await stream({}, `${base}/events?ticket=${encodeURIComponent(world.store.token)}`)).status).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/orders', headers: { authorization: `Bearer ${ticket}` } })).statusCode).toBe(401);
  });

  it('replays what a reconnecting client missed after Last-Event-ID', async () => {
    const first = await stream(world.store.headers);
    const order = await newOrder();
    const seen = await first.waitFor(isOrder(order.id, 'pending'));
    first.close();
    // Missed while away: accepted and moving.
    expect((await api.act(world.driver, 'accepted', order.id)).statusCode).toBe(200);
    expect((await api.act(world.driver, 'moving', order.id)).statusCode).toBe(200);
    const again = await stream({ ...world.store.headers, 'last-event-id': seen.id! });
    await again.waitFor(isOrder(order.id, 'moving'));
    const replayed = again.events.filter((e) => e.event === 'order' && (e.data as { id: number }).id === order.id).map((e) => (e.data as { status: string }).status);
    expect(replayed).toEqual(['accepted', 'moving']);
    // Another store's reconnect from the same point replays none of it.
    const other = await stream({ ...world.otherStore.headers, 'last-event-id': seen.id! });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.events.filter((e) => e.event === 'order' && (e.data as { id: number }).id === order.id)).toEqual([]);
  });

  it('sends a notification event to its member only, and rates events to everyone', async () => {
    const store = await stream(world.store.headers);
    const otherStore = await stream(world.otherStore.headers);
    const order = await newOrder();
    // The store hears when its order is cancelled (a notification), the other store does not.
    expect((await api.act(world.admin, 'cancel', order.id, { reason: 'Duplicate' })).statusCode).toBe(200);
    const note = await store.waitFor((e) => e.event === 'notification');
    const list = (await ctx.app.inject({ method: 'GET', url: '/notifications', headers: world.store.headers })).json() as Array<{ id: number }>;
    expect(list.map((n) => n.id)).toContain((note.data as { id: number }).id);

    // Any change of the rate card moves the rates version in its transaction (catalog/rates-version.ts does this).
    await ctx.db.execute(sql`
      insert into settings (key, value) values ('rates_version', '1'::jsonb)
      on conflict (key) do update set value = to_jsonb((settings.value #>> '{}')::bigint + 1), updated_at = now()`);
    for (const client of [store, otherStore]) {
      const rates = await client.waitFor((e) => e.event === 'rates');
      expect(rates.data).toEqual({ version: expect.any(Number) });
    }
    expect(otherStore.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it.runIf(kind === 'postgres')('carries an event from one API process to the streams of another', async () => {
    const second = await startSecondProcess(ctx);
    try {
      const secondBase = await second.app.listen({ host: '127.0.0.1', port: 0 });
      const client = await stream(world.store.headers, `${secondBase}/events`);
      expect(client.status).toBe(200);
      const started = Date.now();
      // Written through the first process.
      const order = await newOrder();
      await client.waitFor(isOrder(order.id, 'pending'), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      client.close();
    } finally {
      await second.close();
    }
  });
});
