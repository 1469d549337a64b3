import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/tables/orders.table';
import { wallets } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';

describe.each(TEST_DB_KINDS)('drivers on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let driverA: TestMember;
  let driverB: TestMember;
  let store: TestMember;
  let cityIds: number[];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    cityIds = await ctx.factories.cityIds();
    admin = await ctx.factories.createMember('admin');
    driverA = await ctx.factories.createMember('driver', { cityId: cityIds[0] });
    driverB = await ctx.factories.createMember('driver', { cityId: cityIds[1] });
    store = await ctx.factories.createMember('store', { cityId: cityIds[0] });
    const base = { storeId: store.storeId!, vendorId: store.vendorId!, cityId: cityIds[0]!, driverId: driverA.driverId! };
    await ctx.db.insert(orders).values([
      { ...base, status: 'moving' },
      { ...base, status: 'completed' },
      { ...base, status: 'completed' },
      { ...base, status: 'cancelled' },
    ]);
    await ctx.db.insert(wallets).values({ ownerType: 'driver', ownerId: driverA.driverId!, balancePaise: 45_050 });
  });
  afterAll(async () => ctx?.close());

  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('gives an admin a driver with its order counts and earnings', async () => {
    const res = await get(`/drivers/${driverA.driverId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: driverA.driverId,
      city: { id: cityIds[0] },
      vehicle_number: expect.any(String),
      member: { id: driverA.id, role: 'driver' },
      active_order_count: 1,
      completed_order_count: 2,
      earnings_balance: 450.5,
    });
  });

  it('lets a driver read itself only', async () => {
    expect((await get(`/drivers/${driverA.driverId}`, driverA)).statusCode).toBe(200);
    expect((await get(`/drivers/${driverB.driverId}`, driverA)).statusCode).toBe(404);
    expect((await get('/drivers', driverA)).statusCode).toBe(403);
    expect((await get(`/drivers/${driverA.driverId}`, store)).statusCode).toBe(403);
  });

  it('filters the admin\'s list by city and search', async () => {
    const byCity = await get(`/drivers?city_id=${cityIds[1]}`, admin);
    expect(byCity.json().map((d: { id: number }) => d.id)).toEqual([driverB.driverId]);
    expect(byCity.headers['x-total-count']).toBe('1');
    const bySearch = await get(`/drivers?search=${encodeURIComponent(driverA.loginId)}`, admin);
    expect(bySearch.json().map((d: { id: number }) => d.id)).toEqual([driverA.driverId]);
  });

  it('lets a driver change its vehicle number but not its city', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${driverA.driverId}/`, headers: driverA.headers, payload: { vehicle_number: 'mh12 zz 0001' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicle_number).toBe('MH12 ZZ 0001');
    const move = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${driverA.driverId}`, headers: driverA.headers, payload: { city_id: cityIds[1] } });
    expect(move.statusCode).toBe(403);
    const byAdmin = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${driverA.driverId}`, headers: admin.headers, payload: { city_id: cityIds[1] } });
    expect(byAdmin.json().city.id).toBe(cityIds[1]);
    const unknown = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${driverA.driverId}`, headers: admin.headers, payload: { city_id: 999_999 } });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['city_id']);
  });
});
