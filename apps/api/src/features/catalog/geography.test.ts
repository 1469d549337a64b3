import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRate, type City, type RateEntry } from '@app/shared/schemas/catalog';
import { cities, states } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('states and cities on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const cityCount = async () => (await ctx.db.select().from(cities)).length;
  const stateNamed = async (name: string) => (await ctx.db.select().from(states).where(eq(states.name, name)))[0]!;
  const cityNamed = async (name: string) => (await ctx.db.select().from(cities).where(eq(cities.name, name)))[0]!;
  const addCity = (payload: object, headers = admin.headers) => ctx.app.inject({ method: 'POST', url: '/cities', headers, payload });

  it('lists states publicly, by name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/states' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; name: string; code: string }>;
    expect(list).toHaveLength(16);
    expect(list.find((s) => s.code === 'MH')).toEqual({ id: expect.any(Number), name: 'Maharashtra', code: 'MH' });
    expect(list.map((s) => s.name)).toEqual([...list.map((s) => s.name)].sort());
  });

  it('lists cities publicly, with their state, sorted by state then city', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/cities/' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as City[];
    expect(list).toHaveLength(await cityCount());
    const pune = list.find((c) => c.name === 'Pune')!;
    expect(pune).toEqual({ id: expect.any(Number), name: 'Pune', state: { id: expect.any(Number), name: 'Maharashtra' } });
    const keys = list.map((c) => [c.state.name, c.name] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('filters cities by state', async () => {
    const kerala = await stateNamed('Kerala');
    const res = await ctx.app.inject({ method: 'GET', url: `/cities?state_id=${kerala.id}` });
    expect(res.json().map((c: City) => c.name)).toEqual(['Kochi', 'Kozhikode', 'Thiruvananthapuram']);
  });

  it('adds a city with rates copied from another city, for every material and rate type', async () => {
    const mumbai = await cityNamed('Mumbai');
    const mh = await stateNamed('Maharashtra');
    const res = await addCity({ state_id: mh.id, name: '  Kalyan ', copy_from_city_id: mumbai.id });
    expect(res.statusCode).toBe(201);
    const city = res.json() as City;
    expect(city).toEqual({ id: expect.any(Number), name: 'Kalyan', state: { id: mh.id, name: 'Maharashtra' } });

    const copied = await ctx.db.select().from(cityRates).where(eq(cityRates.cityId, city.id));
    const source = await ctx.db.select().from(cityRates).where(eq(cityRates.cityId, mumbai.id));
    const allMaterials = await ctx.db.select().from(materials);
    expect(copied).toHaveLength(allMaterials.length * 3);
    const rateOf = (rows: typeof source, materialId: number, type: string) => rows.find((r) => r.materialId === materialId && r.rateType === type)?.ratePaise;
    for (const m of allMaterials) {
      for (const type of ['vendor', 'driver', 'b2c']) expect(rateOf(copied, m.id, type)).toBe(rateOf(source, m.id, type));
    }
    expect(copied.every((r) => r.updatedBy === admin.id)).toBe(true);
    // The starting rates enter the history with their author and no previous value.
    const history = await ctx.db.select().from(rateHistory).where(eq(rateHistory.cityId, city.id));
    expect(history).toHaveLength(allMaterials.length * 3);
    expect(history.every((h) => h.changedBy === admin.id && h.previousPaise === null)).toBe(true);

    // It shows in the public list and in the rates list at once.
    const list = (await ctx.app.inject({ method: 'GET', url: '/cities' })).json() as City[];
    expect(list.some((c) => c.id === city.id)).toBe(true);
    const rates = (await ctx.app.inject({ method: 'GET', url: '/rates', headers: admin.headers })).json() as RateEntry[];
    expect(findRate(rates, city.id, 'Copper')).toBe(findRate(rates, mumbai.id, 'Copper'));
  });

  it('adds a city from the defaults, with the rates given overriding them', async () => {
    const goa = await ctx.db.insert(states).values({ name: 'Goa', code: 'GA' }).returning();
    const [copper] = await ctx.db.select().from(materials).where(eq(materials.name, 'Copper'));
    const [iron] = await ctx.db.select().from(materials).where(eq(materials.name, 'Iron'));
    const res = await addCity({ state_id: goa[0]!.id, name: 'Panaji', rates: [{ material_id: copper!.id, vendor_rate: 633.5, b2c_rate: 600 }] });
    expect(res.statusCode).toBe(201);
    const cityId = res.json().id as number;
    const rows = await ctx.db.select().from(cityRates).where(eq(cityRates.cityId, cityId));
    const rate = (materialId: number, type: string) => rows.find((r) => r.materialId === materialId && r.rateType === type)?.ratePaise;
    expect(rate(copper!.id, 'vendor')).toBe(63_350);
    expect(rate(copper!.id, 'b2c')).toBe(60_000);
    expect(rate(copper!.id, 'driver')).toBe(copper!.driverRatePaise);
    expect(rate(iron!.id, 'vendor')).toBe(iron!.vendorRatePaise);
  });

  it('refuses a duplicate city in the same state, whatever its case, with 409', async () => {
    const mh = await stateNamed('Maharashtra');
    const before = await cityCount();
    const res = await addCity({ state_id: mh.id, name: 'PUNE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/Pune|PUNE/);
    expect(await cityCount()).toBe(before);
    // The same name in another state is a different city.
    const up = await stateNamed('Uttar Pradesh');
    expect((await addCity({ state_id: up.id, name: 'Pune' })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown state, source city or material, and adds nothing', async () => {
    const mh = await stateNamed('Maharashtra');
    const before = await cityCount();
    expect((await addCity({ state_id: 999_999, name: 'Nowhere' })).statusCode).toBe(404);
    const noSource = await addCity({ state_id: mh.id, name: 'Nowhere', copy_from_city_id: 999_999 });
    expect(noSource.statusCode).toBe(404);
    expect(noSource.json().detail).toMatch(/copy_from_city_id/);
    expect((await addCity({ state_id: mh.id, name: 'Nowhere', rates: [{ material_id: 999_999, vendor_rate: 1 }] })).statusCode).toBe(404);
    expect(await cityCount()).toBe(before);
  });

  it('refuses bad input with 400 naming the field, and adds nothing', async () => {
    const mh = await stateNamed('Maharashtra');
    const [copper] = await ctx.db.select().from(materials).where(eq(materials.name, 'Copper'));
    const before = await cityCount();
    const cases: Array<[object, string]> = [
      [{ state_id: mh.id, name: '' }, 'name'],
      [{ state_id: mh.id, name: '=HYPERLINK()' }, 'name'],
      [{ name: 'Somewhere' }, 'state_id'],
      [{ state_id: mh.id, name: 'Somewhere', rates: [{ material_id: copper!.id, vendor_rate: 0 }] }, 'rates.0.vendor_rate'],
      [{ state_id: mh.id, name: 'Somewhere', rates: [{ material_id: copper!.id, driver_rate: 1.234 }] }, 'rates.0.driver_rate'],
      [{ state_id: mh.id, name: 'Somewhere', rates: [{ material_id: copper!.id, b2c_rate: -5 }] }, 'rates.0.b2c_rate'],
    ];
    for (const [payload, field] of cases) {
      const res = await addCity(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await cityCount()).toBe(before);
    const history = await ctx.db.select().from(rateHistory).where(and(isNull(rateHistory.cityId), eq(rateHistory.materialId, copper!.id)));
    expect(history).toHaveLength(0);
  });

  it('lets only an admin add a city', async () => {
    const mh = await stateNamed('Maharashtra');
    expect((await ctx.app.inject({ method: 'POST', url: '/cities', payload: { state_id: mh.id, name: 'Lonavala' } })).statusCode).toBe(401);
    for (const role of ['store', 'vendor', 'driver'] as const) {
      const member = await ctx.factories.createMember(role);
      const res = await addCity({ state_id: mh.id, name: 'Lonavala' }, member.headers);
      expect(res.statusCode).toBe(403);
    }
  });
});
