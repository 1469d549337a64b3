import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lineAmountPaise, rupeesToPaise } from '@app/shared/money';
import { cityRates, materials } from '../../db/tables/materials.table';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { addLoadPhoto, weighed, type World, type OrdersApi, useOrdersWorld } from './orders-test-kit';

describe.each(TEST_DB_KINDS)('the order life cycle on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  async function cityRate(materialId: number, type: 'vendor' | 'driver'): Promise<number> {
    const [row] = await ctx.db
      .select({ rate: cityRates.ratePaise })
      .from(cityRates)
      .where(and(eq(cityRates.cityId, world.cityA), eq(cityRates.materialId, materialId), eq(cityRates.rateType, type)));
    return row!.rate;
  }

  async function balance(ownerType: 'vendor' | 'driver', ownerId: number): Promise<number | null> {
    const [row] = await ctx.db.select().from(wallets).where(and(eq(wallets.ownerType, ownerType), eq(wallets.ownerId, ownerId)));
    return row?.balancePaise ?? null;
  }

  it('runs from a store\'s request to the wallets, each role doing its part', async () => {
    const [copper, iron] = world.materialIds as [number, number];
    const created = await api.create(world.store, { details: [{ material_id: copper }, { material_id: iron, weight: '40' }], note: '  Back gate  ' });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({
      status: 'pending',
      status_label: 'Pending',
      display_number: `#${String(order.id).padStart(8, '0')}`,
      store: { id: world.store.storeId, city_id: world.cityA, vendor_id: world.vendor.vendorId },
      city_id: world.cityA,
      vendor_id: world.vendor.vendorId,
      driver: null,
      note: 'Back gate',
      image_count: 0,
    });
    // The server priced the lines at the city's rates: an estimate for iron, nothing yet for copper.
    const ironRate = await cityRate(iron, 'vendor');
    expect(order.details[0]).toMatchObject({ weight: null, amount: 0, rate: (await cityRate(copper, 'vendor')) / 100 });
    expect(order.details[1]).toMatchObject({ weight: 40, rate: ironRate / 100, amount: lineAmountPaise(ironRate, 40_000) / 100 });
    expect(order.events).toMatchObject([{ action: 'create', from_status: null, to_status: 'pending', actor: { id: world.store.id, role: 'store' } }]);

    // The vendor sees it; drivers of the city see the pickup, a driver elsewhere does not.
    expect((await api.get(world.vendor, order.id)).statusCode).toBe(200);
    expect((await api.list(world.rivalDriver, '?status=pending')).json().map((o: { id: number }) => o.id)).toContain(order.id);
    expect((await api.get(world.farDriver, order.id)).statusCode).toBe(404);

    const accepted = await api.act(world.driver, 'accepted', order.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().driver).toMatchObject({ id: world.driver.driverId });
    // Taken: the rival no longer sees it at all.
    expect((await api.get(world.rivalDriver, order.id)).statusCode).toBe(404);

    expect((await api.act(world.driver, 'moving', order.id)).json().status_label).toBe('Onmoving');
    expect((await api.act(world.driver, 'arrived', order.id)).json().status).toBe('arrived');

    await addLoadPhoto(ctx, world.driver, order.id);
    const weighedRes = await api.act(world.driver, 'waiting_store', order.id, weighed(order, ['12.345', 38.5]));
    expect(weighedRes.statusCode, weighedRes.body).toBe(200);
    const atStore = weighedRes.json();
    const copperRate = await cityRate(copper, 'vendor');
    const lines = [
      { vendor: lineAmountPaise(copperRate, 12_345), driver: lineAmountPaise(await cityRate(copper, 'driver'), 12_345) },
      { vendor: lineAmountPaise(ironRate, 38_500), driver: lineAmountPaise(await cityRate(iron, 'driver'), 38_500) },
    ];
    expect(atStore.details.map((d: { weight: number }) => d.weight)).toEqual([12.345, 38.5]);
    expect(atStore.details.map((d: { id: number }) => d.id)).toEqual(order.details.map((d: { id: number }) => d.id));
    expect(atStore.total_weight).toBe(50.845);
    expect(rupeesToPaise(atStore.vendor_amount)).toBe(lines[0]!.vendor + lines[1]!.vendor);
    expect(rupeesToPaise(atStore.driver_amount)).toBe(lines[0]!.driver + lines[1]!.driver);
    const event = atStore.events.at(-1);
    expect(event).toMatchObject({ action: 'waiting_store', from_status: 'arrived', to_status: 'waiting_store', actor: { id: world.driver.id, role: 'driver' } });
    expect(event.lines_before.map((l: { weight: number | null }) => l.weight)).toEqual([null, 40]);
    expect(event.lines_after.map((l: { weight: number }) => l.weight)).toEqual([12.345, 38.5]);

    // The store's 5-second poll finds it first.
    const poll = await api.list(world.store, '?status=waiting_store');
    expect(poll.json()[0].id).toBe(order.id);

    const done = await api.act(world.store, 'complete', order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    expect(done.json().events.map((e: { action: string }) => e.action)).toEqual(['create', 'accepted', 'moving', 'arrived', 'waiting_store', 'complete']);
    expect(await balance('vendor', world.vendor.vendorId!)).toBe(lines[0]!.vendor + lines[1]!.vendor);
    expect(await balance('driver', world.driver.driverId!)).toBe(lines[0]!.driver + lines[1]!.driver);

    // Through the wallet endpoints too.
    const wallet = await ctx.app.inject({ method: 'GET', url: '/wallets/', headers: world.vendor.headers });
    expect(wallet.json()).toEqual([
      {
        vendor_id: world.vendor.vendorId,
        balance: atStore.vendor_amount,
        available: atStore.vendor_amount,
        transactions: [
          { id: expect.any(Number), kind: 'order_credit', order_id: order.id, payout_id: null, amount: atStore.vendor_amount, balance_after: atStore.vendor_amount, created_at: expect.any(String) },
        ],
      },
    ]);
    const earnings = await ctx.app.inject({ method: 'GET', url: '/wallets/driver-earnings', headers: world.driver.headers });
    expect(earnings.json()[0]).toMatchObject({ driver_id: world.driver.driverId, balance: atStore.driver_amount });

    // Completed is final: a second completion is a conflict and credits nothing more.
    expect((await api.act(world.store, 'complete', order.id)).statusCode).toBe(409);
    expect(await ctx.db.select().from(walletEntries).where(eq(walletEntries.orderId, order.id))).toHaveLength(2);
  });

  it('settles a dispute: the store calls the admin, the admin corrects, the driver completes', async () => {
    const [copper, iron, paper] = world.materialIds as [number, number, number];
    const order = (await api.create(world.store, { details: [{ material_id: copper }, { material_id: iron }] })).json();
    for (const action of ['accepted', 'moving', 'arrived'] as const) expect((await api.act(world.driver, action, order.id)).statusCode).toBe(200);
    await addLoadPhoto(ctx, world.driver, order.id);
    expect((await api.act(world.driver, 'waiting_store', order.id, weighed(order, [5, 100]))).statusCode).toBe(200);

    const called = await api.act(world.store, 'waiting_admin', order.id);
    expect(called.statusCode, called.body).toBe(200);
    expect(called.json().status_label).toBe('Waiting admin');
    // The store may not complete what it disputed, and the driver may not complete it yet.
    expect((await api.act(world.store, 'complete', order.id)).statusCode).toBe(409);
    expect((await api.act(world.driver, 'complete', order.id)).statusCode).toBe(409);

    const vendorBefore = (await balance('vendor', world.vendor.vendorId!)) ?? 0;
    // The admin fixes the copper weight, and the second line really was paper; its `amount` is ignored.
    const corrected = await api.act(world.admin, 'waiting_driver', order.id, {
      details: [
        { id: order.details[0].id, material_id: copper, weight: 4.5, amount: 999999 },
        { id: order.details[1].id, material_id: paper, weight: 100, amount: 1 },
      ],
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const fixed = corrected.json();
    const expected = lineAmountPaise(await cityRate(copper, 'vendor'), 4500) + lineAmountPaise(await cityRate(paper, 'vendor'), 100_000);
    expect(fixed.status).toBe('waiting_driver');
    expect(fixed.details.map((d: { material: { id: number } }) => d.material.id)).toEqual([copper, paper]);
    expect(rupeesToPaise(fixed.vendor_amount)).toBe(expected);
    expect(fixed.events.at(-1)).toMatchObject({ action: 'waiting_driver', actor: { role: 'admin' }, from_status: 'waiting_admin' });

    const done = await api.act(world.driver, 'complete', order.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
    expect((await balance('vendor', world.vendor.vendorId!))! - vendorBefore).toBe(expected);
  });

  it('keeps a reason for an issue and a cancellation, and insists on one for an issue', async () => {
    const first = (await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] })).json();
    expect((await api.act(world.driver, 'accepted', first.id)).statusCode).toBe(200);
    const noReason = await api.act(world.driver, 'issue', first.id, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const issue = await api.act(world.driver, 'issue', first.id, { reason: 'Lorry broke down' });
    expect(issue.json().events.at(-1)).toMatchObject({ action: 'issue', reason: 'Lorry broke down', to_status: 'issue' });

    const second = (await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] })).json();
    const cancelled = await api.act(world.store, 'cancel', second.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().events.at(-1)).toMatchObject({ action: 'cancel', reason: null, to_status: 'cancelled' });
    // An empty JSON body is no body: the spec's client sends these actions without a payload.
    const third = (await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] })).json();
    const bare = await ctx.app.inject({ method: 'PATCH', url: `/orders/cancel/${third.id}/`, headers: { ...world.store.headers, 'content-type': 'application/json' }, payload: '' });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('documents every order and wallet route in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of ['/orders', '/orders/{id}', '/orders/counts', '/orders/stats', '/orders/export.csv', '/orders/{id}/images', '/orders/{id}/images/{image_id}', '/wallets', '/wallets/driver-earnings']) {
      expect(paths, p).toContain(p);
    }
    for (const action of ['accepted', 'moving', 'arrived', 'waiting_store', 'complete', 'waiting_admin', 'waiting_driver', 'issue', 'cancel']) {
      expect(doc.paths[`/orders/${action}/{id}`]?.patch, action).toBeDefined();
    }
    expect(doc.paths['/orders/waiting_store/{id}'].patch.requestBody).toBeDefined();
    expect(doc.paths['/orders'].get.responses['200']).toBeDefined();
  });

  describe('creating an order', () => {
    it('refuses every role but a store', async () => {
      for (const who of [world.admin, world.vendor, world.driver]) {
        expect((await api.create(who, { details: [{ material_id: world.materialIds[0] }] })).statusCode).toBe(403);
      }
    });

    it('needs the store to have a vendor', async () => {
      const orphan = await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: null });
      const res = await api.create(orphan, { details: [{ material_id: world.materialIds[0] }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/not linked to a vendor/);
      expect(await ctx.db.select().from(orders).where(eq(orders.storeId, orphan.storeId!))).toHaveLength(0);
    });

    it('names the line of an unknown, retired or repeated material', async () => {
      const [retired] = await ctx.db
        .insert(materials)
        .values({ name: `Retired ${Date.now()}`, vendorRatePaise: 100, driverRatePaise: 10, b2cRatePaise: 90, retiredAt: new Date() })
        .returning();
      const cases: Array<[unknown, string]> = [
        [{ details: [{ material_id: world.materialIds[0] }, { material_id: 999_999 }] }, 'details.1.material_id'],
        [{ details: [{ material_id: retired!.id }] }, 'details.0.material_id'],
        [{ details: [{ material_id: world.materialIds[0] }, { material_id: world.materialIds[0] }] }, 'details.1.material_id'],
        [{ details: [] }, 'details'],
        [{ details: [{ material_id: world.materialIds[0], weight: 'abc' }] }, 'details.0.weight'],
        [{}, 'details'],
      ];
      const before = await ctx.db.select().from(orders);
      for (const [payload, field] of cases) {
        const res = await api.create(world.store, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json().errors)).toContain(field);
        expect(res.json().detail).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
      }
      expect(await ctx.db.select().from(orders)).toHaveLength(before.length);
    });

    it('records the vendor the store has when the order is made', async () => {
      const res = await api.create(world.store, { details: [{ material_id: world.materialIds[0] }] });
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, res.json().id));
      const [store] = await ctx.db.select().from(stores).where(eq(stores.id, world.store.storeId!));
      expect(row!.vendorId).toBe(store!.vendorId);
      expect(await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, row!.id))).toHaveLength(1);
    });
  });
});
