import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/tables/orders.table';
import { wallets } from '../../db/tables/wallets.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import type { TestMember } from '../../test/factories';
import { useTestWorld } from '../../test/test-world';

describe.each(TEST_DB_KINDS)('drivers on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    admin: 'admin',
    driverA: ['driver', (w) => ({ cityId: w.cityIds[0] })],
    driverB: ['driver', (w) => ({ cityId: w.cityIds[1] })],
    store: ['store', (w) => ({ cityId: w.cityIds[0] })],
  });

  beforeAll(async () => {
    const base = { storeId: ctx.store.storeId!, vendorId: ctx.store.vendorId!, cityId: ctx.cityIds[0]!, driverId: ctx.driverA.driverId! };
    await ctx.db.insert(orders).values([
      { ...base, status: 'moving' },
      { ...base, status: 'completed' },
      { ...base, status: 'completed' },
      { ...base, status: 'cancelled' },
    ]);
    await ctx.db.insert(wallets).values({ ownerType: 'driver', ownerId: ctx.driverA.driverId!, balancePaise: 45_050 });
  });

  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

  it('gives an admin a driver with its order counts and earnings', async () => {
    const res = await get(`/drivers/${ctx.driverA.driverId}`, ctx.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ctx.driverA.driverId,
      city: { id: ctx.cityIds[0] },
      vehicle_number: expect.any(String),
      member: { id: ctx.driverA.id, role: 'driver' },
      active_order_count: 1,
      completed_order_count: 2,
      earnings_balance: 450.5,
    });
  });

  it('lets a driver read itself only', async () => {
    expect((await get(`/drivers/${ctx.driverA.driverId}`, ctx.driverA)).statusCode).toBe(200);
    expect((await get(`/drivers/${ctx.driverB.driverId}`, ctx.driverA)).statusCode).toBe(404);
    expect((await get('/drivers', ctx.driverA)).statusCode).toBe(403);
    expect((await get(`/drivers/${ctx.driverA.driverId}`, ctx.store)).statusCode).toBe(403);
  });

  it('filters the admin\'s list by city and search', async () => {
    const byCity = await get(`/drivers?city_id=${ctx.cityIds[1]}`, ctx.admin);
    expect(byCity.json().map((d: { id: number }) => d.id)).toEqual([ctx.driverB.driverId]);
    expect(byCity.headers['x-total-count']).toBe('1');
    const bySearch = await get(`/drivers?search=${encodeURIComponent(ctx.driverA.loginId)}`, ctx.admin);
    expect(bySearch.json().map((d: { id: number }) => d.id)).toEqual([ctx.driverA.driverId]);
  });

  it('lets a driver change its vehicle number but not its city', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${ctx.driverA.driverId}/`, headers: ctx.driverA.headers, payload: { vehicle_number: 'mh12 zz 0001' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().vehicle_number).toBe('MH12 ZZ 0001');
    const move = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${ctx.driverA.driverId}`, headers: ctx.driverA.headers, payload: { city_id: ctx.cityIds[1] } });
    expect(move.statusCode).toBe(403);
    const byAdmin = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${ctx.driverA.driverId}`, headers: ctx.admin.headers, payload: { city_id: ctx.cityIds[1] } });
    expect(byAdmin.json().city.id).toBe(ctx.cityIds[1]);
    const unknown = await ctx.app.inject({ method: 'PATCH', url: `/drivers/${ctx.driverA.driverId}`, headers: ctx.admin.headers, payload: { city_id: 999_999 } });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['city_id']);
  });
});
