import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

const HEADER = 'state,city,material,vendor_rate,driver_rate,b2c_rate';

describe.each(TEST_DB_KINDS)('the rate card CSV export and import on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const importCsv = (body: string, contentType = 'text/csv') =>
    ctx.app.inject({ method: 'POST', url: '/rate-card/import', headers: { ...admin.headers, 'content-type': contentType }, payload: body });
  const snapshot = async () => {
    const rows = await ctx.db.select().from(cityRates);
    return rows.map((r) => `${r.cityId}:${r.materialId}:${r.rateType}=${r.ratePaise}`).sort();
  };
  const historyCount = async () => (await ctx.db.select().from(rateHistory)).length;
  const rateOf = async (cityName: string, materialName: string, type: 'vendor' | 'driver' | 'b2c') => {
    const [city] = await ctx.db.select().from(cities).where(eq(cities.name, cityName));
    const [material] = await ctx.db.select().from(materials).where(eq(materials.name, materialName));
    const [row] = await ctx.db
      .select()
      .from(cityRates)
      .where(and(eq(cityRates.cityId, city!.id), eq(cityRates.materialId, material!.id), eq(cityRates.rateType, type)));
    return row!;
  };

  it('exports one line per city and active material, in the columns the import reads', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rate-card/export.csv?search=chennai', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="rate-card.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    const materialCount = (await ctx.db.select().from(materials)).length;
    expect(lines).toHaveLength(1 + materialCount);
    const copper = lines.find((l) => l.startsWith('Tamil Nadu,Chennai,Copper,'))!;
    const vendor = await rateOf('Chennai', 'Copper', 'vendor');
    expect(copper.split(',')[3]).toBe(String(vendor.ratePaise / 100));
  });

  it('exports only the state or city the filters name', async () => {
    const [city] = await ctx.db.select().from(cities).where(eq(cities.name, 'Pune'));
    const byCity = await ctx.app.inject({ method: 'GET', url: `/rate-card/export.csv?city_id=${city!.id}`, headers: admin.headers });
    const cityLines = byCity.body.trimEnd().split('\r\n').slice(1);
    expect(cityLines.length).toBeGreaterThan(0);
    expect(cityLines.every((l) => l.startsWith('Maharashtra,Pune,'))).toBe(true);
    const byState = await ctx.app.inject({ method: 'GET', url: `/rate-card/export.csv?state_id=${city!.stateId}`, headers: admin.headers });
    const stateLines = byState.body.trimEnd().split('\r\n').slice(1);
    expect(stateLines.every((l) => l.startsWith('Maharashtra,'))).toBe(true);
    expect(stateLines.length).toBeGreaterThan(cityLines.length);
  });

  it('imports its own export unchanged: nothing to update', async () => {
    const exported = (await ctx.app.inject({ method: 'GET', url: '/rate-card/export.csv', headers: admin.headers })).body;
    const before = await snapshot();
    const res = await importCsv(exported);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: exported.trimEnd().split('\r\n').length - 1, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file with any bad row, lists every problem by line, and changes nothing', async () => {
    const before = await snapshot();
    const historyBefore = await historyCount();
    const file = [
      HEADER, // line 1
      'Maharashtra,Mumbai,Copper,700,30,650', // 2: good
      'Maharashtra,Mumbai,Unobtainium,1,1,1', // 3: unknown material
      'Maharashtra,Atlantis,Copper,1,1,1', // 4: unknown city
      '', // 5: blank, skipped
      'Karnataka,Bengaluru,Iron,0,3,28', // 6: zero rate
      'Karnataka,Bengaluru,Steel,38.555,abc,', // 7: three bad rates
      'Maharashtra,Mumbai,copper,701,30,650', // 8: repeats line 2
      'Narnia,Mumbai,Copper,1,1,1', // 9: unknown state
    ].join('\n');
    const res = await importCsv(file);
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(['line 3', 'line 4', 'line 6', 'line 7', 'line 8', 'line 9']);
    expect(errors['line 3']).toEqual(['unknown material "Unobtainium"']);
    expect(errors['line 4']).toEqual(['unknown city "Atlantis" in Maharashtra']);
    expect(errors['line 6']).toEqual(['vendor_rate: Rate must be greater than 0 ("0")']);
    expect(errors['line 7']).toHaveLength(3);
    expect(errors['line 7']![0]).toMatch(/^vendor_rate: Rate may have at most 2 decimals/);
    expect(errors['line 7']![1]).toMatch(/^driver_rate: /);
    expect(errors['line 7']![2]).toBe('b2c_rate: Rate is required');
    expect(errors['line 8']![0]).toMatch(/^repeats line 2/);
    expect(errors['line 9']).toEqual(['unknown state "Narnia"']);
    expect(res.json().detail).toMatch(/6 line\(s\), first on line 3.*Nothing was changed/);
    expect(await snapshot()).toEqual(before);
    expect(await historyCount()).toBe(historyBefore);
  });

  it('names the header line when columns are missing or unknown', async () => {
    const res = await importCsv('state,city,material,vendor_rate,driver,b2c_rate\nMaharashtra,Mumbai,Copper,1,1,1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'line 1': ['unknown column "driver"', 'missing column(s): driver_rate'] });
    expect((await importCsv('')).statusCode).toBe(400);
    expect((await importCsv(`${HEADER}\n`)).statusCode).toBe(400);
    const broken = await importCsv(`${HEADER}\nMaharashtra,"Mumbai,Copper,1,1,1\n`);
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json().errors)).toEqual(['line 2']);
  });

  it('applies a good file in one go, with a history row per changed rate and its author', async () => {
    const historyBefore = await historyCount();
    const unchangedIron = await rateOf('Bengaluru', 'Iron', 'vendor');
    const file = [
      'material,city,state,b2c_rate,driver_rate,vendor_rate', // any column order
      'Copper,Mumbai,Maharashtra,650,30,700.5',
      `"Iron",  bengaluru ,KARNATAKA,28.25,3.5,${unchangedIron.ratePaise / 100}`,
    ].join('\r\n');
    const res = await importCsv(file, 'text/csv; charset=utf-8');
    expect(res.statusCode).toBe(200);
    const copper = await rateOf('Mumbai', 'Copper', 'vendor');
    expect(copper.ratePaise).toBe(70_050);
    expect(copper.updatedBy).toBe(admin.id);
    expect((await rateOf('Mumbai', 'Copper', 'b2c')).ratePaise).toBe(65_000);
    expect((await rateOf('Bengaluru', 'Iron', 'b2c')).ratePaise).toBe(2_825);
    expect(await rateOf('Bengaluru', 'Iron', 'vendor')).toEqual(unchangedIron);
    const changed = (await historyCount()) - historyBefore;
    expect(res.json()).toEqual({ rows: 2, updated: changed });
    const rows = await ctx.db.select().from(rateHistory).where(eq(rateHistory.materialId, copper.materialId));
    expect(rows.find((h) => h.cityId === copper.cityId && h.rateType === 'vendor')).toMatchObject({ ratePaise: 70_050, changedBy: admin.id });
  });

  it('asks for text/csv', async () => {
    const res = await importCsv(JSON.stringify({ rows: [] }), 'application/json');
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/text\/csv/);
  });

  it('refuses a retired material in a file', async () => {
    const [batteries] = await ctx.db.select().from(materials).where(eq(materials.name, 'Batteries'));
    await ctx.app.inject({ method: 'POST', url: `/materials/${batteries!.id}/retire`, headers: admin.headers });
    const res = await importCsv(`${HEADER}\nMaharashtra,Pune,Batteries,80,9,70\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['line 2'][0]).toMatch(/retired/);
    // And the export leaves it out.
    const exported = (await ctx.app.inject({ method: 'GET', url: '/rate-card/export.csv', headers: admin.headers })).body;
    expect(exported).not.toContain('Batteries');
  });

  it('refuses a file over 5 MB with 413', async () => {
    const line = 'Maharashtra,Mumbai,Copper,700,30,650\n';
    const res = await importCsv(HEADER + '\n' + line.repeat(Math.ceil((5 * 1024 * 1024) / line.length) + 10));
    expect(res.statusCode).toBe(413);
  });
});
