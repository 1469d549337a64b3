import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRate, rateEntrySchema, type RateEntry } from '@app/shared/schemas/catalog';
import { cities } from '../../db/tables/geography.table';
import { cityRates, materials } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { buildApp } from '../../app';
import { bumpRatesVersion } from './rates-version';

describe.each(TEST_DB_KINDS)('GET /rates and GET /materials on %s', (kind) => {
  let ctx: TestContext;
  let store: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    store = await ctx.factories.createMember('store');
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const getRates = (query = '', headers: Record<string, string> = store.headers) =>
    ctx.app.inject({ method: 'GET', url: `/rates${query}`, headers });

  it('answers one entry per city exactly as design.md section 8 shows', async () => {
    const res = await getRates();
    expect(res.statusCode).toBe(200);
    const entries = res.json() as RateEntry[];
    // The route skips response validation for speed (rates-routes.ts); the schema still holds.
    expect(z.array(rateEntrySchema).safeParse(entries).success).toBe(true);
    const cityCount = (await ctx.db.select().from(cities)).length;
    const active = await ctx.db.select().from(materials);
    expect(entries).toHaveLength(cityCount);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['city', 'state', ...active.map((m) => m.name)].sort());
      expect(Object.keys(entry.city).sort()).toEqual(['id', 'name']);
      expect(Object.keys(entry.state).sort()).toEqual(['id', 'name']);
      for (const m of active) {
        expect(Object.keys(entry[m.name]!)).toEqual(['rate']);
        expect(typeof entry[m.name]!.rate).toBe('number');
      }
    }
    const mumbai = entries.find((e) => e.city.name === 'Mumbai')!;
    expect(mumbai.state.name).toBe('Maharashtra');
    // Sorted by state name, then city name.
    const keys = entries.map((e) => `${e.state.name}|${e.city.name}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('looks a rate up by city id and material name: the city rate in rupees', async () => {
    const [copper] = await ctx.db.select().from(materials).where(eq(materials.name, 'Copper'));
    const cityId = (await ctx.factories.cityIds())[3]!;
    await ctx.db
      .update(cityRates)
      .set({ ratePaise: 61_234 })
      .where(and(eq(cityRates.cityId, cityId), eq(cityRates.materialId, copper!.id), eq(cityRates.rateType, 'vendor')));
    // The API moves the rates version with every change it makes; a test writing the table itself must too.
    await bumpRatesVersion(ctx.db);
    const entries = (await getRates()).json() as RateEntry[];
    expect(findRate(entries, cityId, 'Copper')).toBe(612.34);
    expect(entries.find((e) => e.city.id === cityId)!.Copper).toEqual({ rate: 612.34 });
    expect(findRate(entries, cityId, 'No such material')).toBeNull();
    expect(findRate(entries, cityId, 'city')).toBeNull();
  });

  it('answers each rate type from its own rates, vendor by default', async () => {
    const cityId = (await ctx.factories.cityIds())[5]!;
    const [iron] = await ctx.db.select().from(materials).where(eq(materials.name, 'Iron'));
    for (const [type, paise] of [['vendor', 3_111], ['driver', 355], ['b2c', 2_722]] as const) {
      await ctx.db
        .update(cityRates)
        .set({ ratePaise: paise })
        .where(and(eq(cityRates.cityId, cityId), eq(cityRates.materialId, iron!.id), eq(cityRates.rateType, type)));
    }
    await bumpRatesVersion(ctx.db);
    const rate = async (query: string) => findRate((await getRates(query)).json(), cityId, 'Iron');
    expect(await rate('')).toBe(31.11);
    expect(await rate('?type=vendor')).toBe(31.11);
    expect(await rate('?type=driver')).toBe(3.55);
    expect(await rate('?type=b2c')).toBe(27.22);
  });

  it('falls back to the material default where a city has no rate of its own', async () => {
    const cityId = (await ctx.factories.cityIds())[7]!;
    const [glass] = await ctx.db.select().from(materials).where(eq(materials.name, 'Glass Bottles'));
    await ctx.db.delete(cityRates).where(and(eq(cityRates.cityId, cityId), eq(cityRates.materialId, glass!.id), eq(cityRates.rateType, 'driver')));
    await bumpRatesVersion(ctx.db);
    const entries = (await getRates('?type=driver')).json() as RateEntry[];
    expect(findRate(entries, cityId, 'Glass Bottles')).toBe(glass!.driverRatePaise / 100);
  });

  it('shows a change at once, also when another API process on the same database made it', async () => {
    const second = await buildApp({ config: ctx.config, database: ctx.handle, signingKeys: ctx.keys });
    try {
      const cityId = (await ctx.factories.cityIds())[9]!;
      const [copper] = await ctx.db.select().from(materials).where(eq(materials.name, 'Copper'));
      const before = findRate((await getRates()).json(), cityId, 'Copper')!;
      const put = await second.inject({ method: 'PUT', url: `/rate-card/${cityId}/${copper!.id}`, headers: admin.headers, payload: { vendor_rate: before + 1.25 } });
      expect(put.statusCode).toBe(200);
      expect(findRate((await getRates()).json(), cityId, 'Copper')).toBe(before + 1.25);
      const renamed = await second.inject({ method: 'PATCH', url: `/materials/${copper!.id}`, headers: admin.headers, payload: { name: 'Copper Wire' } });
      expect(renamed.statusCode).toBe(200);
      const entries = (await getRates()).json() as RateEntry[];
      expect(findRate(entries, cityId, 'Copper Wire')).toBe(before + 1.25);
      expect(findRate(entries, cityId, 'Copper')).toBeNull();
      await second.inject({ method: 'PATCH', url: `/materials/${copper!.id}`, headers: admin.headers, payload: { name: 'Copper' } });
    } finally {
      await second.close();
    }
  });

  it('filters by city_id, and answers 404 for an unknown city', async () => {
    const cityId = (await ctx.factories.cityIds())[2]!;
    const res = await getRates(`?city_id=${cityId}&type=b2c`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].city.id).toBe(cityId);
    expect((await getRates('?city_id=999999')).statusCode).toBe(404);
  });

  it('refuses an unknown rate type with 400 naming type', async () => {
    const res = await getRates('?type=wholesale');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['type']);
    expect(res.json().detail).toMatch(/^type: /);
  });

  it('wants a signed-in, verified member', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/rates' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/materials' })).statusCode).toBe(401);
    const pending = await ctx.factories.createMember('vendor', { verified: false });
    expect((await getRates('', pending.headers)).statusCode).toBe(403);
    for (const role of ['vendor', 'driver', 'admin'] as const) {
      const member = role === 'admin' ? admin : await ctx.factories.createMember(role);
      expect((await getRates('', member.headers)).statusCode).toBe(200);
    }
  });

  it('answers an ETag and 304 when the card has not changed', async () => {
    const first = await getRates();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await getRates('', { ...store.headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await getRates('?type=b2c', { ...store.headers, 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('lists active materials with their default rates in rupees', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/materials', headers: store.headers });
    expect(res.statusCode).toBe(200);
    const copper = res.json().find((m: { name: string }) => m.name === 'Copper');
    expect(copper).toEqual({ id: expect.any(Number), name: 'Copper', name_hi: 'तांबा', vendor_rate: 620, driver_rate: 25, b2c_rate: 710, hsn_code: '7404', gst_rate: 18 });
    const iron = res.json().find((m: { name: string }) => m.name === 'Iron');
    expect(iron.driver_rate).toBe(3.5);
  });

  it('lets only an admin include retired materials', async () => {
    const forStore = await ctx.app.inject({ method: 'GET', url: '/materials?include_retired=true', headers: store.headers });
    expect(forStore.statusCode).toBe(403);
    const forAdmin = await ctx.app.inject({ method: 'GET', url: '/materials?include_retired=true', headers: admin.headers });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()[0]).toHaveProperty('retired_at', null);
  });

  it('documents every catalog route in /docs with its tag', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: { content: Record<string, unknown> } }>>;
    };
    const routes: Array<[string, string, string]> = [
      ['/states', 'get', 'geography'],
      ['/cities', 'get', 'geography'],
      ['/cities', 'post', 'geography'],
      ['/materials', 'get', 'materials'],
      ['/materials', 'post', 'materials'],
      ['/materials/{id}', 'patch', 'materials'],
      ['/materials/{id}/retire', 'post', 'materials'],
      ['/materials/{id}/restore', 'post', 'materials'],
      ['/rates', 'get', 'rates'],
      ['/rate-card', 'get', 'rate card'],
      ['/rate-card/{city_id}/{material_id}', 'put', 'rate card'],
      ['/rate-card/bulk', 'post', 'rate card'],
      ['/rate-card/history', 'get', 'rate card'],
      ['/rate-card/export.csv', 'get', 'rate card'],
      ['/rate-card/import', 'post', 'rate card'],
    ];
    for (const [path, method, tag] of routes) expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toContain(tag);
    expect(Object.keys(doc.paths['/rate-card/import']!.post!.requestBody!.content)).toEqual(['text/csv']);
  });
});
