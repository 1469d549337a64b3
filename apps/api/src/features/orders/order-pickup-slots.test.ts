import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { istDay } from '@app/shared/india-time';
import { orderEvents, orders } from '../../db/tables/orders.table';
import type { TestMember } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { runSchedulerTick } from '../../scheduler/scheduler';
import { databaseNow } from './orders-repository';
import { putOrderSettings, useOrdersWorld, type OrdersApi, type World } from './orders-test-kit';

// design.md section 18, "Pickup slots": a store chooses one of the slots Settings -> Order
// offers; every order answer carries it; `pickup_date` filters by its day; the auto-cancel
// counts from its end. Everything on the database's clock, India time.

const MORNING = { from: '09:00', to: '12:00' };
const AFTERNOON = { from: '14:00', to: '17:00' };
/** Ended minutes after midnight, India time: a slot of today that is over whenever the tests run (see pastFirstMinutes). */
const FIRST_MINUTE = { from: '00:00', to: '00:01' };

describe.each(TEST_DB_KINDS)('pickup slots on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  /** Today in India on the database's clock, and the days after it. */
  async function days() {
    const today = istDay(await databaseNow(ctx.db));
    const after = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    return { today, yesterday: after(-1), tomorrow: after(1), after };
  }

  /** Right after midnight, India time, FIRST_MINUTE has not ended yet: wait it out (at most two minutes, once a day). */
  async function pastFirstMinutes() {
    const now = await databaseNow(ctx.db);
    const sinceMidnight = (now.getTime() - Date.parse(`${istDay(now)}T00:00:00+05:30`)) / 1000;
    if (sinceMidnight < 120) await new Promise((resolve) => setTimeout(resolve, (121 - sinceMidnight) * 1000));
  }

  const body = (pickup_slot?: unknown) => ({ details: [{ material_id: world.materialIds[0], weight: 5 }], ...(pickup_slot === undefined ? {} : { pickup_slot }) });
  const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]!.n;
  const create = async (as: TestMember, pickupSlot?: unknown) => {
    const res = await api.create(as, body(pickupSlot));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; pickup_slot: unknown };
  };

  it('accepts a slot offered now and answers it on every order answer, and null for none', async () => {
    await putOrderSettings(ctx, world.admin, { pickup_slots: [MORNING, AFTERNOON], slot_days_ahead: 2 });
    const { tomorrow, after } = await days();
    const slot = { date: tomorrow, ...AFTERNOON };
    const created = await create(world.store, slot);
    expect(created.pickup_slot).toEqual(slot);
    const [row] = await ctx.db.select({ start: orders.pickupSlotStart, end: orders.pickupSlotEnd }).from(orders).where(eq(orders.id, created.id));
    expect(row).toEqual({ start: new Date(`${tomorrow}T14:00:00+05:30`), end: new Date(`${tomorrow}T17:00:00+05:30`) });

    // The store, the admin and the city's drivers read it, in the order and in lists.
    for (const who of [world.store, world.admin, world.driver, world.vendor]) {
      expect((await api.get(who, created.id)).json().pickup_slot).toEqual(slot);
      const listed = ((await api.list(who, '?limit=500')).json() as Array<{ id: number; pickup_slot: unknown }>).find((o) => o.id === created.id);
      expect(listed?.pickup_slot).toEqual(slot);
    }
    // The last day offered, and no slot at all (any time) while slots are configured.
    expect((await create(world.store, { date: after(2), ...MORNING })).pickup_slot).toEqual({ date: after(2), ...MORNING });
    expect((await create(world.store)).pickup_slot).toBeNull();
    expect((await create(world.store, null)).pickup_slot).toBeNull();
  });

  it('refuses a slot that is not offered now with 400 naming pickup_slot, and creates nothing', async () => {
    await pastFirstMinutes();
    await putOrderSettings(ctx, world.admin, { pickup_slots: [FIRST_MINUTE, MORNING, AFTERNOON], slot_days_ahead: 2 });
    const { today, yesterday, tomorrow, after } = await days();
    const before = await orderCount();
    const cases: Array<[string, object, RegExp]> = [
      ['unknown times', { date: tomorrow, from: '10:00', to: '12:00' }, /^Choose one of the slots: 00:00-00:01, 09:00-12:00, 14:00-17:00, from \d{4}-\d{2}-\d{2} to /],
      ['two slots joined', { date: tomorrow, from: '09:00', to: '17:00' }, /^Choose one of the slots/],
      ['a day before today', { date: yesterday, ...MORNING }, /^Choose one of the slots/],
      ['beyond slot_days_ahead', { date: after(3), ...MORNING }, new RegExp(`^Choose one of the slots: .* to ${after(2)}$`)],
      ['a slot of today that has ended', { date: today, ...FIRST_MINUTE }, new RegExp(`^The slot 00:00-00:01 of ${today} has ended\\. Choose one of the slots`)],
    ];
    for (const [why, slot, message] of cases) {
      const res = await api.create(world.store, body(slot));
      expect(res.statusCode, why).toBe(400);
      const { errors, detail } = res.json() as { errors: Record<string, string[]>; detail: string };
      expect(Object.keys(errors), why).toEqual(['pickup_slot']);
      expect(errors.pickup_slot![0], why).toMatch(message);
      expect(detail, why).toMatch(/^pickup_slot: /);
    }
    // Malformed: named by its part.
    for (const [slot, field] of [
      [{ date: '2026-02-30', ...MORNING }, 'pickup_slot.date'],
      [{ date: tomorrow, from: '9:00', to: '12:00' }, 'pickup_slot.from'],
      [{ date: tomorrow, ...MORNING, driver: 'me' }, 'pickup_slot'],
      ['tomorrow', 'pickup_slot'],
    ] as const) {
      const res = await api.create(world.store, body(slot));
      expect(res.statusCode, JSON.stringify(slot)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(slot)).toEqual([field]);
    }
    expect(await orderCount()).toBe(before);
  });

  it('refuses any slot while Settings -> Order has none, and takes none', async () => {
    await putOrderSettings(ctx, world.admin, { pickup_slots: [] });
    const { tomorrow } = await days();
    const before = await orderCount();
    const res = await api.create(world.store, body({ date: tomorrow, ...MORNING }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ pickup_slot: [expect.stringMatching(/^Pickups have no slots here; send no pickup_slot/)] });
    expect(await orderCount()).toBe(before);
    expect((await create(world.store, null)).pickup_slot).toBeNull();
    expect((await create(world.store)).pickup_slot).toBeNull();
  });

  it('filters the list, the counts, the charts and the export by pickup_date, in each caller\'s scope', async () => {
    await putOrderSettings(ctx, world.admin, { pickup_slots: [MORNING, AFTERNOON], slot_days_ahead: 2 });
    const { tomorrow, after } = await days();
    const dayAfter = after(2);
    // A store of its own, so the other tests' orders do not count here.
    const shop = await ctx.factories.createMember('store', { cityId: world.cityA, vendorId: world.vendor.vendorId });
    const onTomorrow = [(await create(shop, { date: tomorrow, ...MORNING })).id, (await create(shop, { date: tomorrow, ...AFTERNOON })).id];
    const othersTomorrow = (await create(world.otherStore, { date: tomorrow, ...MORNING })).id;
    await create(shop, { date: dayAfter, ...MORNING });
    await create(shop);
    const taken = onTomorrow[1]!;
    expect((await api.act(world.driver, 'accepted', taken)).statusCode).toBe(200);

    const listed = async (who: TestMember, query: string) => ((await api.list(who, `?limit=500&${query}`)).json() as Array<{ id: number; pickup_slot: { date: string } }>);
    const store = await listed(shop, `pickup_date=${tomorrow}`);
    expect(store.map((o) => o.id).sort()).toEqual([...onTomorrow].sort());
    expect(store.every((o) => o.pickup_slot.date === tomorrow)).toBe(true);
    const admin = await listed(world.admin, `pickup_date=${tomorrow}`);
    expect(admin.map((o) => o.id)).toEqual(expect.arrayContaining([...onTomorrow, othersTomorrow]));
    expect(admin.every((o) => o.pickup_slot.date === tomorrow)).toBe(true);
    // The driver's day: tomorrow's pickups to take in its city, and the one it holds.
    const driver = await listed(world.driver, `pickup_date=${tomorrow}`);
    expect(driver.map((o) => o.id)).toEqual(expect.arrayContaining([...onTomorrow, othersTomorrow]));
    expect(driver.every((o) => o.pickup_slot.date === tomorrow)).toBe(true);
    expect(await listed(world.farDriver, `pickup_date=${tomorrow}`)).toEqual([]);
    expect((await listed(shop, `pickup_date=${dayAfter}&status=pending`)).map((o) => o.pickup_slot.date)).toEqual([dayAfter]);
    expect((await api.list(shop, `?pickup_date=${tomorrow}`)).headers['x-total-count']).toBe('2');

    const get = (who: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
    expect((await get(shop, `/orders/counts?pickup_date=${tomorrow}`)).json()).toMatchObject({ pending: 1, accepted: 1, completed: 0 });
    const chart = (await get(shop, `/orders/stats?group=day&metric=count&pickup_date=${tomorrow}`)).json() as Array<{ value: number }>;
    expect(chart.reduce((sum, b) => sum + b.value, 0)).toBe(2);
    const csv = await get(shop, `/orders/export.csv?pickup_date=${tomorrow}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(3);

    for (const bad of ['2026-02-30', '0000-01-01', 'tomorrow', '2026-12-6']) {
      for (const url of [`/orders?pickup_date=${bad}`, `/orders/counts?pickup_date=${bad}`, `/orders/stats?pickup_date=${bad}`, `/orders/export.csv?pickup_date=${bad}`]) {
        const res = await get(world.admin, url);
        expect(res.statusCode, url).toBe(400);
        expect(Object.keys(res.json().errors), url).toEqual(['pickup_date']);
      }
    }
  });

  it('auto-cancels a pending order with a slot auto_cancel_after_hours after the slot ends, not after its creation', async () => {
    await putOrderSettings(ctx, world.admin, { pickup_slots: [MORNING, AFTERNOON], slot_days_ahead: 2, auto_cancel_after_hours: 24 });
    const { after } = await days();
    const slotted = (await create(world.store, { date: after(2), ...MORNING })).id;
    const plain = (await create(world.store)).id;
    /** Time passes: the order was made `hours` ago, and its slot ended `slotEndedHoursAgo` ago. */
    const backdate = async (id: number, hours: number, slotEndedHoursAgo?: number) => {
      const shift = sql`make_interval(secs => ${hours * 3600})`;
      await ctx.db.update(orders).set({ createdAt: sql`${orders.createdAt} - ${shift}` }).where(eq(orders.id, id));
      await ctx.db.update(orderEvents).set({ createdAt: sql`${orderEvents.createdAt} - ${shift}` }).where(eq(orderEvents.orderId, id));
      if (slotEndedHoursAgo === undefined) return;
      const end = sql`now() - make_interval(secs => ${slotEndedHoursAgo * 3600})`;
      await ctx.db.update(orders).set({ pickupSlotStart: sql`${end} - interval '3 hours'`, pickupSlotEnd: end }).where(eq(orders.id, id));
    };
    const status = async (id: number) => (await api.get(world.admin, id)).json().status as string;
    try {
      // Made three days ago for a slot still to come: waits for its slot.
      await backdate(slotted, 72);
      await backdate(plain, 25);
      expect((await runSchedulerTick(ctx.app)).cancelled).toBe(1);
      expect(await status(plain)).toBe('cancelled');
      expect(await status(slotted)).toBe('pending');
      // Its slot ended 23 hours ago: still waiting.
      await backdate(slotted, 0, 23);
      expect((await runSchedulerTick(ctx.app)).cancelled).toBe(0);
      expect(await status(slotted)).toBe('pending');
      // 25 hours ago: cancelled as any other, with the same words.
      await backdate(slotted, 0, 25);
      expect((await runSchedulerTick(ctx.app)).cancelled).toBe(1);
      const detail = (await api.get(world.admin, slotted)).json();
      expect(detail.status).toBe('cancelled');
      expect(detail.pickup_slot).not.toBeNull();
      expect(detail.events.at(-1)).toMatchObject({ action: 'cancel', actor: null, reason: 'Cancelled automatically: no driver accepted it in 24 hours' });
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
  });

  it('lets a store read the slots it may choose (GET /settings/order)', async () => {
    await putOrderSettings(ctx, world.admin, { pickup_slots: [MORNING], slot_days_ahead: 1 });
    const res = await ctx.app.inject({ method: 'GET', url: '/settings/order', headers: world.store.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ pickup_slots: [MORNING], slot_days_ahead: 1 });
  });
});
