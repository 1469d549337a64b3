import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { distanceKm, type GeoPoint } from '@app/shared/geo';
import { notifications } from '../../db/tables/escalations.table';
import { mailQueue } from '../../db/tables/live.table';
import { orderEvents } from '../../db/tables/orders.table';
import type { TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { orderInStatus, putOrderSettings, useOrdersWorld, type OrdersApi, type World } from './orders-test-kit';

// design.md section 18, "Arrival where the store is": the arrival keeps how far the phone
// was from the store's pin; farther than Settings -> Order's arrival_radius_m, the admins
// hear of it. The step is never refused for the distance.

/** A store in Pune, and places due north of it. */
const PIN: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const north = (metres: number): GeoPoint => ({ lat: Number((PIN.lat + metres / 111_195).toFixed(6)), lng: PIN.lng });
const metresTo = (point: GeoPoint) => Math.round(distanceKm(point, PIN) * 1000);

describe.each(TEST_DB_KINDS)('arrival where the store is on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  let secondAdmin: TestMember;
  useOrdersWorld(kind, (made) => ({ ctx, world, api } = made));

  const setPin = async (store: TestMember, location: GeoPoint | null) => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/info`, headers: store.headers, payload: { location } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const notesAbout = (m: TestMember, id: number) =>
    ctx.db.select().from(notifications).where(and(eq(notifications.memberId, m.id), like(notifications.title, `%#${String(id).padStart(8, '0')}%`)));
  const arrive = async (id: number, body?: object, as: TestMember = world.driver) => {
    const res = await api.act(as, 'arrived', id, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const secondAdminReady = async () => {
    secondAdmin ??= await ctx.factories.createMember('admin');
    return secondAdmin;
  };

  it('keeps the distance from the store\'s pin, within a few metres of the straight line, and where the phone was', async () => {
    await setPin(world.store, PIN);
    const id = await orderInStatus(ctx, world, 'moving');
    const at = { ...north(120), accuracy_m: 18.5 };
    const order = await arrive(id, { position: at });
    const event = order.events.at(-1);
    expect(event).toMatchObject({ action: 'arrived', to_status: 'arrived' });
    expect(Math.abs(event.arrived_distance_m - metresTo(at))).toBeLessThanOrEqual(3);
    expect(Number.isInteger(event.arrived_distance_m)).toBe(true);
    const [row] = await ctx.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, 'arrived')));
    expect(row).toMatchObject({ arrivedLat: at.lat, arrivedLng: at.lng, arrivedAccuracyM: 18.5 });
    // Other steps carry no distance.
    expect(order.events.slice(0, -1).every((e: { arrived_distance_m: unknown }) => e.arrived_distance_m === null)).toBe(true);
    // Within the radius (300 m by default): nobody is told.
    expect(await notesAbout(world.admin, id)).toEqual([]);
  });

  it('keeps no distance without a position, and takes the arrival anyway', async () => {
    await setPin(world.store, PIN);
    const id = await orderInStatus(ctx, world, 'moving');
    const bare = await arrive(id);
    expect(bare.status).toBe('arrived');
    expect(bare.events.at(-1)).toMatchObject({ action: 'arrived', arrived_distance_m: null });
    const other = await orderInStatus(ctx, world, 'moving');
    expect((await arrive(other, {})).events.at(-1).arrived_distance_m).toBeNull();
  });

  it('keeps no distance and tells nobody when the store has no pin', async () => {
    await setPin(world.store, null);
    const id = await orderInStatus(ctx, world, 'moving');
    const order = await arrive(id, { position: north(50_000) });
    expect(order.events.at(-1).arrived_distance_m).toBeNull();
    expect(await notesAbout(world.admin, id)).toEqual([]);
  });

  it('takes an arrival far from the pin and tells every admin, each in its language, and nobody else', async () => {
    await setPin(world.store, PIN);
    const admin2 = await secondAdminReady();
    const choices = { email_order_updates: true, email_escalations: true, in_app: true };
    const hindi = await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: admin2.headers, payload: { ...choices, language: 'hi' } });
    expect(hindi.statusCode, hindi.body).toBe(200);
    try {
      const id = await orderInStatus(ctx, world, 'moving');
      const far = north(1_200);
      const order = await arrive(id, { position: far, occurred_at: new Date().toISOString() });
      expect(order.status).toBe('arrived');
      expect(Math.abs(order.events.at(-1).arrived_distance_m - metresTo(far))).toBeLessThanOrEqual(3);

      const n = order.display_number;
      const [note] = await notesAbout(world.admin, id);
      expect(note).toMatchObject({ title: `${order.driver.name} arrived 1.2 km from ${order.store.name} for order ${n}`, link: `/Admin/Orders/OrderDetail?id=${id}` });
      expect(note!.body).toContain('300 m');
      const [hindiNote] = await notesAbout(admin2, id);
      expect(hindiNote!.title).toBe(`${order.driver.name} ऑर्डर ${n} के लिए ${order.store.name} से 1.2 किमी दूर पहुँचे`);
      // The escalations e-mail, as for an issue the driver reports.
      const mails = await ctx.db.select().from(mailQueue).where(and(eq(mailQueue.toAddress, world.admin.loginId), like(mailQueue.subject, `%${n}%`)));
      expect(mails.map((m) => m.subject)).toEqual([note!.title]);
      for (const other of [world.driver, world.store, world.vendor]) expect(await notesAbout(other, id)).toEqual([]);
    } finally {
      await ctx.app.inject({ method: 'PUT', url: '/settings/notification/me', headers: admin2.headers, payload: { ...choices, language: 'en' } });
    }
  });

  it('follows the radius in Settings -> Order, and words a distance under a kilometre in metres', async () => {
    await setPin(world.store, PIN);
    const at = north(450);
    try {
      await putOrderSettings(ctx, world.admin, { arrival_radius_m: 1_000 });
      const inside = await orderInStatus(ctx, world, 'moving');
      await arrive(inside, { position: at });
      expect(await notesAbout(world.admin, inside)).toEqual([]);

      await putOrderSettings(ctx, world.admin, { arrival_radius_m: 100 });
      const outside = await orderInStatus(ctx, world, 'moving');
      const order = await arrive(outside, { position: at });
      const notes = await notesAbout(world.admin, outside);
      expect(notes.map((x) => x.title)).toEqual([`${order.driver.name} arrived ${metresTo(at)} m from ${order.store.name} for order ${order.display_number}`]);
      expect(notes[0]!.body).toContain('100 m');
      expect(await notesAbout(await secondAdminReady(), outside)).toHaveLength(1);
    } finally {
      await putOrderSettings(ctx, world.admin, {});
    }
  });

  it('refuses a malformed position with 400 naming it, and the order stays moving', async () => {
    const id = await orderInStatus(ctx, world, 'moving');
    for (const position of [{ lat: 91, lng: 73 }, { lat: 'x', lng: 73 }, { lat: 18.5 }, { ...PIN, accuracy_m: -1 }, { ...PIN, altitude: 3 }, [18.5, 73.8]]) {
      const res = await api.act(world.driver, 'arrived', id, { position });
      expect(res.statusCode, JSON.stringify(position)).toBe(400);
      expect(Object.keys(res.json().errors).some((key) => key.startsWith('position')), res.body).toBe(true);
    }
    expect((await api.get(world.driver, id)).json().status).toBe('moving');
  });
});
