import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { distanceKm, type GeoPoint } from '@app/shared/geo';
import { driverPositions, orderEtas } from '../../db/tables/driver-positions.table';
import { publicUrl, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { startSecondProcess } from '../../test/second-process';
import { openSse, type SseClient } from '../../test/sse-client';
import { runSchedulerTick } from '../../scheduler/scheduler';
import { usePositionsWorld, type OrdersApi, type PositionsWorld as World } from './positions-test-kit';

// design.md section 19, "Where the driver is, live": a driver on the way posts its position;
// the order's store, its vendor and admins read the ETA and hear when it changes; admins see
// the city's drivers for dispatch; positions are kept only while needed and shown to no one else.

/** A store in Pune, and places due north of it (a degree of latitude is 111,195 m on the mean sphere). */
const PIN: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const north = (metres: number): GeoPoint => ({ lat: Number((PIN.lat + metres / 111_195).toFixed(6)), lng: PIN.lng });
const HOUR = 3_600_000;

/** The contract's formula, written out here rather than taken from the code under test. */
function formulaEta(from: GeoPoint) {
  const roadKm = distanceKm(from, PIN) * 1.4;
  return { distance_km: Math.round(roadKm * 100) / 100, minutes: Math.max(1, Math.ceil((roadKm / 18) * 60)) };
}

describe.each(TEST_DB_KINDS)('the driver\'s live position on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: OrdersApi;
  usePositionsWorld(kind, (made) => ({ ctx, world, api } = made));
  const streams: SseClient[] = [];
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  const newDriver = () => ctx.factories.createMember('driver', { cityId: world.cityA });
  const post = (as: TestMember, body: unknown) => ctx.app.inject({ method: 'POST', url: '/drivers/me/position', headers: as.headers, payload: body as object });
  const here = (point: GeoPoint, at = new Date()) => ({ ...point, accuracy_m: 12, at: at.toISOString() });
  const setPin = async (store: TestMember, location: GeoPoint | null) => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/info`, headers: store.headers, payload: { location } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ok = async (res: Awaited<ReturnType<OrdersApi['act']>>) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  /** An order of `store` taken by `driver` up to `status` (accepted or moving). */
  async function orderOf(driver: TestMember, status: 'accepted' | 'moving', store: TestMember = world.store): Promise<number> {
    const { id } = await ok(await api.create(store, { details: [{ material_id: world.materialIds[0] }] }));
    await ok(await api.act(driver, 'accepted', id));
    if (status === 'moving') await ok(await api.act(driver, 'moving', id));
    return id;
  }
  const positionOf = async (driver: TestMember) => (await ctx.db.select().from(driverPositions).where(eq(driverPositions.driverId, driver.driverId!)))[0];
  /** Five seconds pass for the driver's rate limit: its last post was taken that much earlier. */
  const fiveSecondsPass = (driver: TestMember) =>
    ctx.db.update(driverPositions).set({ receivedAt: sql`${driverPositions.receivedAt} - interval '6 seconds'` }).where(eq(driverPositions.driverId, driver.driverId!));
  const etaOf = async (as: TestMember, id: number) => {
    const res = await api.get(as, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().eta;
  };
  const listed = async (as: TestMember, id: number, query = '?limit=100') => {
    const res = await api.list(as, query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ id: number; eta?: unknown }>).find((o) => o.id === id);
  };

  it('takes a moving driver\'s position (204) and gives its order\'s store, vendor and admins the ETA of the formula', async () => {
    await setPin(world.store, PIN);
    const driver = await newDriver();
    const id = await orderOf(driver, 'moving');
    expect(await etaOf(world.store, id)).toBeNull();

    const at = new Date(Date.now() - 3_000);
    const res = await post(driver, here(north(2_500), at));
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await positionOf(driver)).toMatchObject({ ...north(2_500), accuracyM: 12, releasedAt: null });
    expect((await positionOf(driver))!.at.toISOString()).toBe(at.toISOString());

    // 2.5 km in a straight line: 3.5 road km, 11.67 minutes at 18 km/h, so 12.
    const expected = { distance_km: 3.5, minutes: 12, at: at.toISOString() };
    expect(formulaEta(north(2_500))).toEqual({ distance_km: 3.5, minutes: 12 });
    for (const member of [world.store, world.vendor, world.admin]) {
      expect(await etaOf(member, id)).toEqual(expected);
      expect((await listed(member, id))?.eta).toEqual(expected);
    }
    // The driver's own answers carry none.
    expect((await api.get(driver, id)).json()).not.toHaveProperty('eta');
    expect(await listed(driver, id)).not.toHaveProperty('eta');
    // Another store, another vendor: no such order.
    expect((await api.get(world.otherStore, id)).statusCode).toBe(404);
    expect((await api.get(world.otherVendor, id)).statusCode).toBe(404);

    // Farther off, later: the figures follow the formula, and a short hop is still a minute.
    for (const metres of [7_321, 40]) {
      await fiveSecondsPass(driver);
      expect((await post(driver, here(north(metres)))).statusCode).toBe(204);
      const eta = await etaOf(world.store, id);
      expect({ distance_km: eta.distance_km, minutes: eta.minutes }).toEqual(formulaEta(north(metres)));
    }
    expect((await etaOf(world.store, id)).minutes).toBe(1);

    // Arrived: no ETA any more.
    await ok(await api.act(driver, 'arrived', id));
    expect(await etaOf(world.store, id)).toBeNull();
    expect((await listed(world.admin, id))?.eta).toBeNull();
  });

  it('gives no ETA when the store has no pin, and every moving order of the driver its own', async () => {
    const driver = await newDriver();
    const pinned = await orderOf(driver, 'moving');
    const other = await orderOf(driver, 'moving', world.otherStore);
    await setPin(world.store, PIN);
    await setPin(world.otherStore, null);
    expect((await post(driver, here(north(1_000)))).statusCode).toBe(204);
    expect(await etaOf(world.otherStore, other)).toBeNull();
    expect((await etaOf(world.store, pinned)).distance_km).toBe(formulaEta(north(1_000)).distance_km);

    // A pin set later counts from the next position; one removed hides the ETA at once.
    await setPin(world.otherStore, north(-3_000));
    await fiveSecondsPass(driver);
    expect((await post(driver, here(north(1_000)))).statusCode).toBe(204);
    expect((await etaOf(world.otherStore, other)).distance_km).toBe(Math.round(4 * 1.4 * 100) / 100);
    await setPin(world.otherStore, null);
    expect(await etaOf(world.otherStore, other)).toBeNull();
    expect((await listed(world.otherStore, other))?.eta).toBeNull();
  });

  it('answers 409 to a driver with no order in moving, and keeps nothing', async () => {
    const idle = await newDriver();
    const refused = await post(idle, here(north(500)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/no order on the way/);
    const accepted = await newDriver();
    await orderOf(accepted, 'accepted');
    expect((await post(accepted, here(north(500)))).statusCode).toBe(409);
    expect(await positionOf(idle)).toBeUndefined();
    expect(await positionOf(accepted)).toBeUndefined();
  });

  it('answers 429 with Retry-After to a post within 5 s of the last one, and keeps the first', async () => {
    const driver = await newDriver();
    await orderOf(driver, 'moving');
    expect((await post(driver, here(north(100)))).statusCode).toBe(204);
    const again = await post(driver, here(north(200)));
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(5);
    expect(again.json().detail).toMatch(/every 5 seconds/);
    expect(await positionOf(driver)).toMatchObject(north(100));
    await fiveSecondsPass(driver);
    expect((await post(driver, here(north(300)))).statusCode).toBe(204);
    expect(await positionOf(driver)).toMatchObject(north(300));
  });

  it('keeps the newer point when a position measured earlier arrives later', async () => {
    const driver = await newDriver();
    await orderOf(driver, 'moving');
    const now = Date.now();
    expect((await post(driver, here(north(900), new Date(now)))).statusCode).toBe(204);
    await fiveSecondsPass(driver);
    expect((await post(driver, here(north(50), new Date(now - 60_000)))).statusCode).toBe(204);
    const kept = await positionOf(driver);
    expect(kept).toMatchObject(north(900));
    expect(kept!.at.getTime()).toBe(now);
  });

  it('answers 400 naming the field, and changes nothing', async () => {
    const driver = await newDriver();
    await orderOf(driver, 'moving');
    const good = here(north(100));
    const cases: Array<[unknown, string]> = [
      [{ ...good, at: undefined }, 'at'],
      [{ ...good, at: '2026-12-06T09:30:00' }, 'at'],
      [{ ...good, at: '2026-02-30T09:30:00Z' }, 'at'],
      [{ ...good, at: new Date(Date.now() + 3 * 60_000).toISOString() }, 'at'],
      [{ ...good, lat: 91 }, 'lat'],
      [{ ...good, lng: 'east' }, 'lng'],
      [{ ...good, accuracy_m: -1 }, 'accuracy_m'],
      [{ ...good, speed: 3 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post(driver, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const noBody = await ctx.app.inject({ method: 'POST', url: '/drivers/me/position', headers: driver.headers });
    expect(noBody.statusCode).toBe(400);
    expect(await positionOf(driver)).toBeUndefined();
    // Within the two minutes' grace, a fast phone clock is fine.
    expect((await post(driver, here(north(100), new Date(Date.now() + 60_000)))).statusCode).toBe(204);
  });

  it('refuses every role but a driver with 403, and a signed-out caller with 401', async () => {
    for (const member of [world.store, world.vendor, world.admin]) {
      expect((await post(member, here(north(100)))).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/drivers/me/position', payload: here(north(100)) })).statusCode).toBe(401);
  });

  it('shows positions in no order answer, list or export, nor in the drivers\' records', async () => {
    await setPin(world.store, PIN);
    const driver = await newDriver();
    const id = await orderOf(driver, 'moving');
    const secret = { lat: 18.987654, lng: 73.123457 };
    expect((await post(driver, { ...secret, accuracy_m: 7.25, at: new Date().toISOString() })).statusCode).toBe(204);
    const texts = [String(secret.lat), String(secret.lng)];
    const answers = [
      await api.get(world.store, id),
      await api.get(world.admin, id),
      await api.get(driver, id),
      await api.list(world.store, '?limit=100'),
      await api.list(world.vendor, '?limit=100'),
      await api.list(world.admin, '?limit=100&status=moving'),
      await api.list(driver, `?near=${PIN.lat},${PIN.lng}`),
      await ctx.app.inject({ method: 'GET', url: '/orders/export.csv', headers: world.admin.headers }),
      await ctx.app.inject({ method: 'GET', url: '/orders/export.csv', headers: world.vendor.headers }),
      await ctx.app.inject({ method: 'GET', url: `/drivers/${driver.driverId}`, headers: world.admin.headers }),
      await ctx.app.inject({ method: 'GET', url: `/drivers/${driver.driverId}`, headers: driver.headers }),
      await ctx.app.inject({ method: 'GET', url: '/drivers?limit=100', headers: world.admin.headers }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      for (const text of texts) expect(res.body.includes(text), `${text} in ${res.body.slice(0, 200)}`).toBe(false);
    }
    // Only the admins' dispatch read shows it.
    const dispatch = await ctx.app.inject({ method: 'GET', url: `/drivers/positions?city_id=${world.cityA}`, headers: world.admin.headers });
    expect(dispatch.body).toContain(String(secret.lat));
  });

  it('sends an order event with the new ETA to the store\'s, vendor\'s and admins\' streams when it changes, and to no one else', async () => {
    await setPin(world.store, PIN);
    const driver = await newDriver();
    const id = await orderOf(driver, 'moving');
    const base = await publicUrl(ctx);
    const open = async (member: TestMember) => {
      const stream = await openSse(`${base}/events`, member.headers);
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const [store, vendor, admin, own, otherStore, otherVendor] = await Promise.all([world.store, world.vendor, world.admin, driver, world.otherStore, world.otherVendor].map(open));
    const withEta = (e: { event: string; data: unknown }) => e.event === 'order' && (e.data as { id: number; eta?: unknown }).id === id && (e.data as { eta?: unknown }).eta !== undefined;

    expect((await post(driver, here(north(2_500)))).statusCode).toBe(204);
    for (const stream of [store!, vendor!, admin!]) {
      const event = await stream.waitFor(withEta);
      expect(event.data).toEqual({ id, status: 'moving', updated_at: expect.stringMatching(/Z$/), eta: { distance_km: 3.5, minutes: 12, at: expect.stringMatching(/Z$/) } });
    }
    // The same place again: the ETA did not change, so no event.
    await fiveSecondsPass(driver);
    expect((await post(driver, here(north(2_500)))).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(store!.events.filter(withEta)).toHaveLength(1);
    // Closer: a second event.
    await fiveSecondsPass(driver);
    expect((await post(driver, here(north(1_000)))).statusCode).toBe(204);
    await store!.waitFor((e) => withEta(e) && (e.data as { eta: { distance_km: number } }).eta.distance_km === formulaEta(north(1_000)).distance_km);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const outsider of [own!, otherStore!, otherVendor!]) expect(outsider.events.filter(withEta)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('holds the 5-second limit across two API processes on one database', async () => {
    const driver = await newDriver();
    await orderOf(driver, 'moving');
    const second = await startSecondProcess(ctx);
    try {
      const both = await Promise.all([post(driver, here(north(100))), second.app.inject({ method: 'POST', url: '/drivers/me/position', headers: driver.headers, payload: here(north(200)) })]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([204, 429]);
      // One after the other, each on its own process.
      await fiveSecondsPass(driver);
      expect((await second.app.inject({ method: 'POST', url: '/drivers/me/position', headers: driver.headers, payload: here(north(300)) })).statusCode).toBe(204);
      const refused = await post(driver, here(north(400)));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await positionOf(driver)).toMatchObject(north(300));
    } finally {
      await second.close();
    }
  });

  it('lists a city\'s drivers for dispatch (admins only): positions only of drivers on the way, and what each holds', async () => {
    const onTheWay = await newDriver();
    const moving = await orderOf(onTheWay, 'moving');
    const accepted = await orderOf(onTheWay, 'accepted');
    const waiting = await newDriver();
    const held = await orderOf(waiting, 'accepted');
    const farDriver = await ctx.factories.createMember('driver', { cityId: world.cityB });
    expect((await post(onTheWay, here(north(600)))).statusCode).toBe(204);

    const res = await ctx.app.inject({ method: 'GET', url: `/drivers/positions?city_id=${world.cityA}`, headers: world.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const drivers = res.json() as Array<{ driver_id: number; name: string; position: unknown; orders: unknown[] }>;
    const row = (m: TestMember) => drivers.find((d) => d.driver_id === m.driverId);
    expect(row(onTheWay)).toEqual({
      driver_id: onTheWay.driverId,
      name: expect.any(String),
      position: { ...north(600), accuracy_m: 12, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      orders: [{ id: moving, status: 'moving' }, { id: accepted, status: 'accepted' }],
    });
    expect(row(waiting)).toMatchObject({ position: null, orders: [{ id: held, status: 'accepted' }] });
    expect(row(farDriver)).toBeUndefined();
    expect(drivers.every((d) => typeof d.name === 'string' && d.name.length > 0)).toBe(true);

    // The position shows while arrived, not once the driver holds nothing on the way.
    await ok(await api.act(onTheWay, 'arrived', moving));
    const arrived = (await ctx.app.inject({ method: 'GET', url: `/drivers/positions?city_id=${world.cityA}`, headers: world.admin.headers })).json() as typeof drivers;
    expect(arrived.find((d) => d.driver_id === onTheWay.driverId)?.position).toMatchObject(north(600));
    await ok(await api.act(world.admin, 'cancel', moving));
    const done = (await ctx.app.inject({ method: 'GET', url: `/drivers/positions?city_id=${world.cityA}`, headers: world.admin.headers })).json() as typeof drivers;
    expect(done.find((d) => d.driver_id === onTheWay.driverId)).toMatchObject({ position: null, orders: [{ id: accepted, status: 'accepted' }] });

    for (const member of [world.store, world.vendor, world.driver]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/drivers/positions?city_id=${world.cityA}`, headers: member.headers })).statusCode).toBe(403);
    }
    for (const query of ['', '?city_id=', '?city_id=abc', '?city_id=0', '?city_id=99999999999', `?city_id=${world.cityA}&near=1`]) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/drivers/positions${query}`, headers: world.admin.headers });
      expect(bad.statusCode, `${query}: ${bad.body}`).toBe(400);
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/drivers/positions?city_id=999999', headers: world.admin.headers });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps a position while its driver holds an order moving or arrived, and deletes it 24 hours after (the scheduler, a moved clock)', async () => {
    await setPin(world.store, PIN);
    const leaving = await newDriver();
    const staying = await newDriver();
    const leavingOrder = await orderOf(leaving, 'moving');
    await orderOf(staying, 'moving');
    expect((await post(leaving, here(north(800)))).statusCode).toBe(204);
    expect((await post(staying, here(north(900)))).statusCode).toBe(204);
    await ok(await api.act(leaving, 'arrived', leavingOrder));

    const t0 = Date.now();
    await runSchedulerTick(ctx.app, new Date(t0));
    expect((await positionOf(leaving))?.releasedAt).toBeNull();
    // The order leaves `arrived`: the 24 hours start at the next tick.
    await ok(await api.act(world.admin, 'cancel', leavingOrder));
    const released = await runSchedulerTick(ctx.app, new Date(t0 + 60_000));
    expect(released.positionsDeleted).toBe(0);
    expect((await positionOf(leaving))?.releasedAt?.getTime()).toBe(t0 + 60_000);
    expect(await ctx.db.select().from(orderEtas).where(eq(orderEtas.orderId, leavingOrder))).toEqual([]);

    // A tick again, or from a second process, changes nothing.
    await runSchedulerTick(ctx.app, new Date(t0 + 2 * 60_000));
    expect((await positionOf(leaving))?.releasedAt?.getTime()).toBe(t0 + 60_000);
    expect((await runSchedulerTick(ctx.app, new Date(t0 + 60_000 + 23 * HOUR))).positionsDeleted).toBe(0);
    expect(await positionOf(leaving)).toBeDefined();

    // (Positions of earlier tests' drivers released at the first tick go too.)
    const late = await runSchedulerTick(ctx.app, new Date(t0 + 60_000 + 24 * HOUR + 1_000));
    expect(late.positionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await positionOf(leaving)).toBeUndefined();
    // The driver still on the way keeps its position, whatever the clock says.
    expect(await positionOf(staying)).toMatchObject({ ...north(900), releasedAt: null });
    expect((await runSchedulerTick(ctx.app, new Date(t0 + 72 * HOUR))).positionsDeleted).toBe(0);
  });
});
