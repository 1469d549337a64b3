import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cityRates } from '../../db/tables/materials.table';
import { orderLines, orders } from '../../db/tables/orders.table';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { addLoadPhoto, orderInStatus, putOrderSettings, weighed, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';
import { checkPickupWindow, istTimeOfDay } from './order-rules';
import { SETTING_DEFAULTS } from '@app/shared/schemas/settings';

// design.md section 12: the rules of Settings -> Order, enforced by the server.

describe('the pickup window, India time', () => {
  const rules = { ...SETTING_DEFAULTS.order, pickup_window_start: '09:00', pickup_window_end: '18:00' };
  it('reads the time of day in India, whatever the server zone', () => {
    expect(istTimeOfDay(new Date('2026-01-01T03:30:00Z'))).toBe('09:00');
    expect(istTimeOfDay(new Date('2026-01-01T18:31:00Z'))).toBe('00:01');
  });
  it('allows both minutes of the window and nothing outside it', () => {
    expect(() => checkPickupWindow(rules, new Date('2026-01-01T03:30:00Z'))).not.toThrow();
    expect(() => checkPickupWindow(rules, new Date('2026-01-01T12:30:00Z'))).not.toThrow();
    expect(() => checkPickupWindow(rules, new Date('2026-01-01T03:29:00Z'))).toThrow(/between 09:00 and 18:00/);
    expect(() => checkPickupWindow(rules, new Date('2026-01-01T12:31:00Z'))).toThrow();
  });
});

describe.each(TEST_DB_KINDS)('the order rules on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  const countOrders = async () => (await ctx.db.select({ id: orders.id }).from(orders)).length;

  it('refuses an order whose estimated total is below the minimum, naming details', async () => {
    await putOrderSettings(ctx, world.admin, { min_order_weight_kg: 50 });
    try {
      const before = await countOrders();
      const small = await api.create(world.store, { details: [{ material_id: world.materialIds[0] }, { material_id: world.materialIds[1], weight: 3 }] });
      expect(small.statusCode, small.body).toBe(400);
      expect(Object.keys(small.json().errors)).toEqual(['details']);
      // Word for word: the web app shows it in Hindi by this sentence (apps/web/src/locales/en/server.ts, orders.minWeight).
      expect(small.json().errors.details).toEqual(['A pickup needs at least 50 kg in all; the estimated weights add up to 3 kg']);
      expect(await countOrders()).toBe(before);
      const enough = await api.create(world.store, { details: [{ material_id: world.materialIds[0], weight: 20 }, { material_id: world.materialIds[1], weight: 30 }] });
      expect(enough.statusCode, enough.body).toBe(201);
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
  });

  it('refuses to accept outside the pickup window (409) and leaves the order pending', async () => {
    const id = await orderInStatus(ctx, world, 'pending');
    // A window that does not hold the current India time.
    const now = istTimeOfDay(new Date());
    const window = now < '12:00' ? { pickup_window_start: '13:00', pickup_window_end: '23:59' } : { pickup_window_start: '00:00', pickup_window_end: '11:00' };
    await putOrderSettings(ctx, world.admin, window);
    try {
      const res = await api.act(world.driver, 'accepted', id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().detail).toMatch(/India time/);
      expect((await api.get(world.admin, id)).json()).toMatchObject({ status: 'pending', driver: null });
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
    expect((await api.act(world.driver, 'accepted', id)).statusCode).toBe(200);
  });

  it('needs a photo of the load before the weighed lines while the setting is on', async () => {
    const id = await orderInStatus(ctx, world, 'arrived');
    const order = (await api.get(world.admin, id)).json();
    const refused = await api.act(world.driver, 'waiting_store', id, weighed(order, [4, 5]));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['images']);
    expect((await api.get(world.admin, id)).json().status).toBe('arrived');

    await putOrderSettings(ctx, world.admin, { weighing_photo_required: false });
    try {
      expect((await api.act(world.driver, 'waiting_store', id, weighed(order, [4, 5]))).statusCode).toBe(200);
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
    const second = await orderInStatus(ctx, world, 'arrived');
    await addLoadPhoto(ctx, world.driver, second);
    const withPhoto = (await api.get(world.admin, second)).json();
    expect((await api.act(world.driver, 'waiting_store', second, weighed(withPhoto, [4, 5]))).statusCode).toBe(200);
  });

  it('lets the store read the photos and the history of its own order, and no other store', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const detail = await api.get(world.store, id);
    expect(detail.statusCode).toBe(200);
    const order = detail.json();
    expect(order.images.length).toBeGreaterThan(0);
    const weighedEvent = order.events.find((e: { action: string }) => e.action === 'waiting_store');
    expect(weighedEvent.lines_before).not.toBeNull();
    expect(weighedEvent.lines_after).not.toBeNull();
    const photo = await ctx.app.inject({ method: 'GET', url: order.images[0].url, headers: world.store.headers });
    expect(photo.statusCode).toBe(200);
    // Stored as the server re-encoded it (design.md section 23).
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await api.get(world.otherStore, id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: order.images[0].url, headers: world.otherStore.headers })).statusCode).toBe(404);
  });

  it('sends a pending order to a driver only when the admin names one of its city', async () => {
    const id = await orderInStatus(ctx, world, 'pending');
    const order = (await api.get(world.admin, id)).json();
    const lines = order.details.map((d: { id: number; material: { id: number } }) => ({ id: d.id, material_id: d.material.id, weight: 2 }));
    const none = await api.act(world.admin, 'waiting_driver', id, { details: lines });
    expect(none.statusCode, none.body).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['driver_id']);
    const far = await api.act(world.admin, 'waiting_driver', id, { details: lines, driver_id: world.farDriver.driverId });
    expect(far.statusCode).toBe(400);
    expect(Object.keys(far.json().errors)).toEqual(['driver_id']);
    expect((await api.get(world.admin, id)).json()).toMatchObject({ status: 'pending', driver: null });

    const assigned = await api.act(world.admin, 'waiting_driver', id, { details: lines, driver_id: world.driver.driverId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'waiting_driver', driver: { id: world.driver.driverId } });
    // The driver now holds it and can finish it.
    expect((await api.act(world.driver, 'complete', id)).statusCode).toBe(200);
  });

  it('keeps the rates of lines the admin did not edit, and prices edited ones at today\'s card', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_admin');
    const order = (await api.get(world.admin, id)).json();
    const [first, second] = order.details as [{ id: number; material: { id: number }; weight: number; rate: number }, { id: number; material: { id: number }; weight: number; rate: number }];
    // The card changes after the lines were priced.
    const [keptBefore] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, first.id));
    for (const line of [first, second]) {
      for (const rateType of ['vendor', 'driver', 'b2c'] as const) {
        await ctx.db
          .insert(cityRates)
          .values({ cityId: world.cityA, materialId: line.material.id, rateType, ratePaise: 99_999 })
          .onConflictDoUpdate({ target: [cityRates.cityId, cityRates.materialId, cityRates.rateType], set: { ratePaise: 99_999 } });
      }
    }
    const res = await api.act(world.admin, 'waiting_driver', id, {
      details: [
        { id: first.id, material_id: first.material.id, weight: first.weight, amount: 1 },
        { id: second.id, material_id: second.material.id, weight: second.weight + 1, amount: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [kept, edited] = res.json().details;
    expect(kept.rate).toBe(first.rate);
    expect(edited.rate).toBe(999.99);
    // Vendor, driver and b2c rates alike: the untouched line is exactly as it was priced.
    const [keptAfter] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, first.id));
    expect({ v: keptAfter!.vendorRatePaise, d: keptAfter!.driverRatePaise, b: keptAfter!.b2cRatePaise }).toEqual({
      v: keptBefore!.vendorRatePaise,
      d: keptBefore!.driverRatePaise,
      b: keptBefore!.b2cRatePaise,
    });
    const [editedAfter] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, second.id));
    expect(editedAfter!.b2cRatePaise).toBe(99_999);
  });
});
