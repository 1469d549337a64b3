import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRate, type Material, type RateEntry } from '@app/shared/schemas/catalog';
import { cities } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

describe.each(TEST_DB_KINDS)('materials on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let store: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
    store = await ctx.factories.createMember('store');
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload?: object, headers = admin.headers) => ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
  const patch = (id: number, payload: object, headers = admin.headers) => ctx.app.inject({ method: 'PATCH', url: `/materials/${id}`, headers, payload });
  const materialNamed = async (name: string) => (await ctx.db.select().from(materials).where(eq(materials.name, name)))[0]!;
  const listFor = async (member: TestMember, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/materials${query}`, headers: member.headers })).json() as Material[];
  const ratesFor = async (member: TestMember, query = '') =>
    (await ctx.app.inject({ method: 'GET', url: `/rates${query}`, headers: member.headers })).json() as RateEntry[];

  it('adds a material with a rate for every city from its defaults', async () => {
    const res = await post('/materials', { name: ' Tin ', vendor_rate: 180.5, driver_rate: 9, b2c_rate: 160.25 });
    expect(res.statusCode).toBe(201);
    const tin = res.json() as Material;
    expect(tin).toEqual({ id: expect.any(Number), name: 'Tin', name_hi: null, vendor_rate: 180.5, driver_rate: 9, b2c_rate: 160.25, hsn_code: null, gst_rate: 18, retired_at: null });

    const cityCount = (await ctx.db.select().from(cities)).length;
    const rows = await ctx.db.select().from(cityRates).where(eq(cityRates.materialId, tin.id));
    expect(rows).toHaveLength(cityCount * 3);
    expect(rows.filter((r) => r.rateType === 'vendor').every((r) => r.ratePaise === 18_050)).toBe(true);
    expect(rows.filter((r) => r.rateType === 'b2c').every((r) => r.ratePaise === 16_025)).toBe(true);

    expect((await listFor(store)).find((m) => m.id === tin.id)).toEqual({ id: tin.id, name: 'Tin', name_hi: null, vendor_rate: 180.5, driver_rate: 9, b2c_rate: 160.25, hsn_code: null, gst_rate: 18 });
    const cityId = (await ctx.factories.cityIds())[0]!;
    expect(findRate(await ratesFor(store), cityId, 'Tin')).toBe(180.5);
    expect(findRate(await ratesFor(store, '?type=driver'), cityId, 'Tin')).toBe(9);

    const history = await ctx.db.select().from(rateHistory).where(and(eq(rateHistory.materialId, tin.id), isNull(rateHistory.cityId)));
    expect(history.map((h) => [h.rateType, h.ratePaise, h.previousPaise, h.changedBy]).sort()).toEqual(
      [['b2c', 16_025, null, admin.id], ['driver', 900, null, admin.id], ['vendor', 18_050, null, admin.id]].sort(),
    );
  });

  it('refuses a duplicate name, whatever its case, with 409 and adds nothing', async () => {
    const before = (await ctx.db.select().from(materials)).length;
    const res = await post('/materials', { name: 'copper', vendor_rate: 1, driver_rate: 1, b2c_rate: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/copper/);
    expect((await ctx.db.select().from(materials)).length).toBe(before);
  });

  it('refuses bad rates and names with 400 naming the field, and changes nothing', async () => {
    const good = { name: 'Zinc', vendor_rate: 100, driver_rate: 5, b2c_rate: 90 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, vendor_rate: 0 }, 'vendor_rate'],
      [{ ...good, vendor_rate: -1 }, 'vendor_rate'],
      [{ ...good, driver_rate: 1.005 }, 'driver_rate'],
      [{ ...good, b2c_rate: '90' }, 'b2c_rate'],
      [{ ...good, b2c_rate: 100_000.01 }, 'b2c_rate'],
      [{ ...good, vendor_rate: undefined }, 'vendor_rate'],
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'City' }, 'name'],
      [{ ...good, name: 'state' }, 'name'],
      [{ ...good, name: '+cmd' }, 'name'],
    ];
    const before = (await ctx.db.select().from(materials)).length;
    const ratesBefore = (await ctx.db.select().from(cityRates)).length;
    for (const [payload, field] of cases) {
      const res = await post('/materials', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toEqual([field]);
      expect(res.json().detail).toMatch(new RegExp(`^${field}: `));
    }
    expect((await ctx.db.select().from(materials)).length).toBe(before);
    expect((await ctx.db.select().from(cityRates)).length).toBe(ratesBefore);
  });

  it('changes default rates with history (city null), and leaves the cities own rates alone', async () => {
    const brass = await materialNamed('Brass');
    const cityId = (await ctx.factories.cityIds())[1]!;
    const cityRateBefore = findRate(await ratesFor(store), cityId, 'Brass');
    const res = await patch(brass.id, { vendor_rate: 430.75, b2c_rate: 485 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: brass.id, name: 'Brass', vendor_rate: 430.75, driver_rate: 20, b2c_rate: 485 });
    const history = await ctx.db.select().from(rateHistory).where(and(eq(rateHistory.materialId, brass.id), isNull(rateHistory.cityId)));
    // b2c was already 485: only the vendor default changed.
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ rateType: 'vendor', ratePaise: 43_075, previousPaise: 42_000, changedBy: admin.id });
    expect(findRate(await ratesFor(store), cityId, 'Brass')).toBe(cityRateBefore);

    const viaApi = await ctx.app.inject({ method: 'GET', url: `/rate-card/history?material_id=${brass.id}&rate_type=vendor`, headers: admin.headers });
    expect(viaApi.json()).toMatchObject({ city: null, rate: 430.75, changes: [{ rate: 430.75, previous_rate: 420, changed_by: { id: admin.id } }] });
  });

  it('renames a material; a name taken by another answers 409; bad values answer 400 and change nothing', async () => {
    const books = await materialNamed('Books');
    const renamed = await patch(books.id, { name: 'Old Books' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Old Books');
    expect((await patch(books.id, { name: 'NEWSPAPER' })).statusCode).toBe(409);
    const bad = await patch(books.id, { vendor_rate: 0, name: 'Very Old Books' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['vendor_rate']);
    expect((await patch(books.id, {})).statusCode).toBe(400);
    expect((await patch(999_999, { name: 'Ghost' })).statusCode).toBe(404);
    const after = (await ctx.db.select().from(materials).where(eq(materials.id, books.id)))[0]!;
    expect(after.name).toBe('Old Books');
    expect(after.vendorRatePaise).toBe(books.vendorRatePaise);
  });

  it('retires a material out of GET /materials and GET /rates, and restores it with its rates', async () => {
    const batteries = await materialNamed('Batteries');
    const cityId = (await ctx.factories.cityIds())[4]!;
    const rateBefore = findRate(await ratesFor(store), cityId, 'Batteries');
    expect(rateBefore).not.toBeNull();

    const retired = await post(`/materials/${batteries.id}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().retired_at).toEqual(expect.any(String));
    expect((await listFor(store)).some((m) => m.id === batteries.id)).toBe(false);
    const entries = await ratesFor(store);
    expect(entries.every((e) => !('Batteries' in e))).toBe(true);
    // The admin still sees it, marked.
    const all = await listFor(admin, '?include_retired=true');
    expect(all.find((m) => m.id === batteries.id)?.retired_at).toEqual(retired.json().retired_at);
    // Retiring twice answers the same.
    expect((await post(`/materials/${batteries.id}/retire`)).json().retired_at).toEqual(retired.json().retired_at);
    // Its rates are frozen while retired.
    const put = await ctx.app.inject({ method: 'PUT', url: `/rate-card/${cityId}/${batteries.id}`, headers: admin.headers, payload: { vendor_rate: 1 } });
    expect(put.statusCode).toBe(409);

    const restored = await post(`/materials/${batteries.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().retired_at).toBeNull();
    expect((await listFor(store)).some((m) => m.id === batteries.id)).toBe(true);
    expect(findRate(await ratesFor(store), cityId, 'Batteries')).toBe(rateBefore);
  });

  it('lets only an admin write materials', async () => {
    const glass = await materialNamed('Glass Bottles');
    const attempts = [
      { method: 'POST' as const, url: '/materials', payload: { name: 'Lead', vendor_rate: 1, driver_rate: 1, b2c_rate: 1 } },
      { method: 'PATCH' as const, url: `/materials/${glass.id}`, payload: { name: 'Glass' } },
      { method: 'POST' as const, url: `/materials/${glass.id}/retire` },
      { method: 'POST' as const, url: `/materials/${glass.id}/restore` },
    ];
    for (const attempt of attempts) {
      expect((await ctx.app.inject(attempt)).statusCode).toBe(401);
      for (const role of ['store', 'vendor', 'driver'] as const) {
        const member = role === 'store' ? store : await ctx.factories.createMember(role);
        expect((await ctx.app.inject({ ...attempt, headers: member.headers })).statusCode).toBe(403);
      }
    }
    expect((await materialNamed('Glass Bottles')).retiredAt).toBeNull();
  });
});
