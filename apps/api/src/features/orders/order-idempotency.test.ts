import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAction } from '@app/shared/order-machine';
import { buildApp, type App } from '../../app';
import { orderEvents, orderImages, orders } from '../../db/tables/orders.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, JPEG_BYTES, multipartFile, orderInStatus, ordersApi, PNG_BYTES, weighed, type World } from './orders-test-kit';

// design.md section 15: POST /orders/, PATCH /orders/{action}/{id}/ and POST
// /orders/{id}/images answer a repeated Idempotency-Key with the first answer and do
// nothing again.
describe.each(TEST_DB_KINDS)('Idempotency-Key on the order routes on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-idem-'));

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir } });
    world = await createWorld(ctx);
    api = ordersApi(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const newOrder = () => ({ details: [{ material_id: world.materialIds[0] }, { material_id: world.materialIds[1], weight: 2 }] });
  const withKey = (as: TestMember, key: string) => ({ ...as.headers, 'idempotency-key': key });
  const create = (as: TestMember, key: string, payload: object = newOrder(), app: App = ctx.app) =>
    app.inject({ method: 'POST', url: '/orders/', headers: withKey(as, key), payload });
  const act = (as: TestMember, action: OrderAction, id: number, key: string, payload?: object, app: App = ctx.app) =>
    app.inject({ method: 'PATCH', url: `/orders/${action}/${id}/`, headers: withKey(as, key), ...(payload ? { payload } : {}) });
  const upload = (as: TestMember, id: number, key: string, bytes: Buffer = PNG_BYTES, app: App = ctx.app) => {
    const body = multipartFile(bytes, 'load.png', 'image/png');
    return app.inject({ method: 'POST', url: `/orders/${id}/images`, headers: { ...withKey(as, key), ...body.headers }, payload: body.payload });
  };

  const ordersOf = async (member: TestMember) => (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.storeId, member.storeId!)))[0]!.n;
  const eventsOf = async (id: number, action: string) =>
    (await ctx.db.select({ n: count() }).from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, action))))[0]!.n;
  const imagesOf = async (id: number) => (await ctx.db.select({ n: count() }).from(orderImages).where(eq(orderImages.orderId, id)))[0]!.n;
  const addPhoto = async (as: TestMember, id: number) => expect((await upload(as, id, randomUUID())).statusCode).toBe(201);
  const filesOf = (id: number) => {
    const dir = path.join(dataDir, 'images', 'orders', String(id));
    return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  };

  describe('POST /orders/', () => {
    it('answers a repeat with the first answer and creates one order', async () => {
      const key = randomUUID();
      const before = await ordersOf(world.store);
      const first = await create(world.store, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await create(world.store, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await ordersOf(world.store)).toBe(before + 1);
    });

    it('refuses the key with another body, or on another route, with 409, doing nothing', async () => {
      const key = randomUUID();
      const id = (await create(world.store, key)).json().id as number;
      const before = await ordersOf(world.store);
      const otherBody = await create(world.store, key, { details: [{ material_id: world.materialIds[0], weight: 5 }] });
      expect(otherBody.statusCode).toBe(409);
      expect(otherBody.json().detail).toBe('This Idempotency-Key was used for POST /orders with another body; use a new key for a new request');
      expect(await ordersOf(world.store)).toBe(before);

      const otherRoute = await act(world.store, 'cancel', id, key);
      expect(otherRoute.statusCode).toBe(409);
      expect(otherRoute.json().detail).toBe(`This Idempotency-Key was used for POST /orders; use a new key for PATCH /orders/cancel/${id}`);
      expect((await api.get(world.store, id)).json().status).toBe('pending');
    });

    it.each([
      ['empty', ''],
      ['256 characters', 'k'.repeat(256)],
    ])('refuses an %s key with 400 naming the header', async (_label, key) => {
      const before = await ordersOf(world.store);
      const res = await create(world.store, key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'idempotency-key: An Idempotency-Key has 1 to 255 characters',
        errors: { 'idempotency-key': ['An Idempotency-Key has 1 to 255 characters'] },
      });
      expect(await ordersOf(world.store)).toBe(before);
      // 255 characters is a key.
      expect((await create(world.store, 'k'.repeat(255))).statusCode).toBe(201);
    });

    it('keeps keys per member: two stores using one key get an order each', async () => {
      const key = randomUUID();
      const [a, b] = [await create(world.store, key), await create(world.otherStore, key)];
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.headers['idempotent-replayed']).toBeUndefined();
      expect(a.json().id).not.toBe(b.json().id);
      expect(b.json().store.id).toBe(world.otherStore.storeId);
    });
  });

  describe('PATCH /orders/{action}/{id}/', () => {
    it('answers a repeated transition with the first answer and records one event, even after the order moved on', async () => {
      const id = await orderInStatus(ctx, world, 'pending');
      const key = randomUUID();
      const first = await act(world.driver, 'accepted', id, key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().status).toBe('accepted');
      const again = await act(world.driver, 'accepted', id, key);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await eventsOf(id, 'accepted')).toBe(1);

      // The driver starts moving; a late repeat of "accepted" still gets its own first answer.
      expect((await api.act(world.driver, 'moving', id)).statusCode).toBe(200);
      const late = await act(world.driver, 'accepted', id, key);
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual(first.json());
      expect((await api.get(world.driver, id)).json().status).toBe('moving');
      expect(await eventsOf(id, 'accepted')).toBe(1);
    });

    it('answers a repeat with its first answer after the order went to another driver (who else would now get 404)', async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      await addPhoto(world.driver, id);
      const order = (await api.get(world.driver, id)).json();
      const key = randomUUID();
      const first = await act(world.driver, 'waiting_store', id, key, weighed(order, [4, 2]));
      expect(first.statusCode, first.body).toBe(200);
      expect((await api.act(world.store, 'waiting_admin', id)).statusCode).toBe(200);
      expect((await api.act(world.admin, 'waiting_driver', id, { ...weighed(order, [4, 2]), driver_id: world.rivalDriver.driverId })).statusCode).toBe(200);
      expect((await api.act(world.driver, 'waiting_store', id, weighed(order, [4, 2]))).statusCode).toBe(404);
      const again = await act(world.driver, 'waiting_store', id, key, weighed(order, [4, 2]));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await eventsOf(id, 'waiting_store')).toBe(1);
    });

    it('refuses the key on another action or order with 409, and changes nothing', async () => {
      const id = await orderInStatus(ctx, world, 'pending');
      const other = await orderInStatus(ctx, world, 'pending');
      const key = randomUUID();
      expect((await act(world.driver, 'accepted', id, key)).statusCode).toBe(200);
      const moving = await act(world.driver, 'moving', id, key);
      expect(moving.statusCode).toBe(409);
      expect(moving.json().detail).toBe(`This Idempotency-Key was used for PATCH /orders/accepted/${id}; use a new key for PATCH /orders/moving/${id}`);
      const otherOrder = await act(world.driver, 'accepted', other, key);
      expect(otherOrder.statusCode).toBe(409);
      const photo = await upload(world.driver, id, key);
      expect(photo.statusCode).toBe(409);
      expect(photo.json().detail).toBe(`This Idempotency-Key was used for PATCH /orders/accepted/${id}; use a new key for POST /orders/${id}/images`);
      expect((await api.get(world.driver, id)).json().status).toBe('accepted');
      expect((await api.get(world.admin, other)).json().status).toBe('pending');
      expect(await eventsOf(id, 'moving')).toBe(0);
      expect(await imagesOf(id)).toBe(0);
    });

    it('keeps a refusal (409) as the answer: a repeat is refused again though the transition would now pass', async () => {
      const id = await orderInStatus(ctx, world, 'pending');
      const key = randomUUID();
      const refused = await act(world.driver, 'moving', id, key);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/is Pending now/);
      expect((await api.act(world.driver, 'accepted', id)).statusCode).toBe(200);
      const again = await act(world.driver, 'moving', id, key);
      expect(again.statusCode).toBe(409);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(refused.json());
      expect((await api.get(world.driver, id)).json().status).toBe('accepted');
      expect(await eventsOf(id, 'moving')).toBe(0);
    });

    it('refuses a bad key with 400 before anything else', async () => {
      const id = await orderInStatus(ctx, world, 'pending');
      const res = await act(world.driver, 'accepted', id, 'k'.repeat(256));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['idempotency-key']);
      expect((await api.get(world.admin, id)).json().status).toBe('pending');
    });
  });

  describe('POST /orders/{id}/images', () => {
    it('answers a repeated upload with the first answer and stores one photo', async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      const key = randomUUID();
      const first = await upload(world.driver, id, key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await upload(world.driver, id, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await imagesOf(id)).toBe(1);
      expect(filesOf(id)).toBe(1);
      // The same key with other bytes is another request.
      const otherPhoto = await upload(world.driver, id, key, JPEG_BYTES);
      expect(otherPhoto.statusCode).toBe(409);
      expect(otherPhoto.json().detail).toMatch(/with another body/);
      expect(await imagesOf(id)).toBe(1);
    });

    it('replays the first 201 after the order went to another driver (who else would now get 404)', async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      const key = randomUUID();
      const first = await upload(world.driver, id, key);
      expect(first.statusCode).toBe(201);
      const order = (await api.get(world.driver, id)).json();
      expect((await api.act(world.driver, 'waiting_store', id, weighed(order, [4, 2]))).statusCode).toBe(200);
      expect((await api.act(world.store, 'waiting_admin', id)).statusCode).toBe(200);
      expect((await api.act(world.admin, 'waiting_driver', id, { ...weighed(order, [4, 2]), driver_id: world.rivalDriver.driverId })).statusCode).toBe(200);
      // Without a key the first driver no longer sees the order.
      const body = multipartFile(PNG_BYTES, 'load.png', 'image/png');
      const keyless = await ctx.app.inject({ method: 'POST', url: `/orders/${id}/images`, headers: { ...world.driver.headers, ...body.headers }, payload: body.payload });
      expect(keyless.statusCode).toBe(404);
      const again = await upload(world.driver, id, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await imagesOf(id)).toBe(1);
    });

    it('keeps a 404 as the answer for an order the caller may not see', async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      const key = randomUUID();
      const first = await upload(world.rivalDriver, id, key);
      expect(first.statusCode).toBe(404);
      const again = await upload(world.rivalDriver, id, key);
      expect(again.statusCode).toBe(404);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await imagesOf(id)).toBe(0);
    });

    it('refuses an over-long key with 400 and stores nothing', async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      const res = await upload(world.driver, id, 'x'.repeat(256));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['idempotency-key']);
      expect(await imagesOf(id)).toBe(0);
    });
  });

  describe('concurrent repeats of one key', () => {
    const CLIENTS = 10;
    let second: App | null = null;
    beforeAll(async () => {
      // A second API process on the same PostgreSQL, as behind a load balancer.
      if (kind === 'postgres') second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys, scheduler: false });
    });
    afterAll(async () => second?.close());
    const appFor = (i: number) => (second && i % 2 === 1 ? second : ctx.app);

    const expectOneAnswer = (responses: Array<{ statusCode: number; body: string; headers: Record<string, unknown> }>, status: number) => {
      expect(responses.map((r) => r.statusCode)).toEqual(Array(CLIENTS).fill(status));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    };

    it(`creates one order for ${CLIENTS} identical POSTs at once`, async () => {
      const key = randomUUID();
      const before = await ordersOf(world.store);
      const responses = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => create(world.store, key, newOrder(), appFor(i))));
      expectOneAnswer(responses, 201);
      expect(await ordersOf(world.store)).toBe(before + 1);
    });

    it(`makes one transition for ${CLIENTS} identical PATCHes at once`, async () => {
      const id = await orderInStatus(ctx, world, 'pending');
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => act(world.driver, 'accepted', id, key, undefined, appFor(i))));
      expectOneAnswer(responses, 200);
      expect(await eventsOf(id, 'accepted')).toBe(1);
    });

    it(`stores one photo for ${CLIENTS} identical uploads at once`, async () => {
      const id = await orderInStatus(ctx, world, 'arrived');
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => upload(world.driver, id, key, PNG_BYTES, appFor(i))));
      expectOneAnswer(responses, 201);
      expect(await imagesOf(id)).toBe(1);
      expect(filesOf(id)).toBe(1);
    });
  });
});
