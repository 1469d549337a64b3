import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateType } from '@app/shared/constants';
import type { BulkRateChangeResponse, RateCardRow, RateHistoryResponse } from '@app/shared/schemas/catalog';
import { cities, states } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DB_KINDS)('the admin rate card on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    admin = await ctx.factories.createMember('admin');
  });
  afterAll(async () => ctx?.close());

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin.headers) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const cityNamed = async (name: string) => (await ctx.db.select().from(cities).where(eq(cities.name, name)))[0]!;
  const materialNamed = async (name: string) => (await ctx.db.select().from(materials).where(eq(materials.name, name)))[0]!;
  const stored = async (cityId: number, materialId: number, type: RateType) =>
    (await ctx.db.select().from(cityRates).where(and(eq(cityRates.cityId, cityId), eq(cityRates.materialId, materialId), eq(cityRates.rateType, type))))[0]!;

  it('answers rows per city with every rate type of every active material, who set it and when', async () => {
    const res = await inject('GET', '/rate-card?search=mumbai');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as RateCardRow[];
    expect(rows).toHaveLength(1);
    const [mumbai] = rows;
    expect(mumbai!.city.name).toBe('Mumbai');
    expect(mumbai!.state.name).toBe('Maharashtra');
    const active = await ctx.db.select().from(materials);
    expect(mumbai!.rates.map((r) => r.material.name)).toEqual(active.map((m) => m.name).sort((a, b) => a.localeCompare(b)));
    const copper = mumbai!.rates.find((r) => r.material.name === 'Copper')!;
    const stMaterial = await materialNamed('Copper');
    expect(copper.vendor).toEqual({ rate: (await stored(mumbai!.city.id, stMaterial.id, 'vendor')).ratePaise / 100, is_default: false, updated_at: expect.any(String), updated_by: null });
    expect(Object.keys(copper).sort()).toEqual(['b2c', 'driver', 'material', 'vendor']);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers.link).toBeUndefined();
  });

  it('filters by state and pages with X-Total-Count and Link', async () => {
    const [mh] = await ctx.db.select().from(states).where(eq(states.code, 'MH'));
    const first = await inject('GET', `/rate-card?state_id=${mh!.id}&limit=4`);
    expect(first.json()).toHaveLength(4);
    expect(first.headers['x-total-count']).toBe('6');
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await inject('GET', new URL(next).pathname + new URL(next).search);
    expect(second.headers.link).toBeUndefined();
    const names = [...first.json(), ...second.json()].map((r: RateCardRow) => r.city.name);
    expect(names).toEqual(['Aurangabad', 'Mumbai', 'Nagpur', 'Nashik', 'Pune', 'Thane']);
  });

  it('sets one rate with history; a second change and a lookup at an earlier time show the rate then', async () => {
    const pune = await cityNamed('Pune');
    const copper = await materialNamed('Copper');
    const original = (await stored(pune.id, copper.id, 'vendor')).ratePaise;

    const first = await inject('PUT', `/rate-card/${pune.id}/${copper.id}`, { vendor_rate: 640.5 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      city: { id: pune.id, name: 'Pune' },
      state: { name: 'Maharashtra' },
      material: { id: copper.id, name: 'Copper' },
      vendor: { rate: 640.5, is_default: false, updated_by: { id: admin.id, name: expect.any(String) } },
    });
    await pause(25);
    const between = new Date();
    await pause(25);
    const second = await inject('PUT', `/rate-card/${pune.id}/${copper.id}/`, { vendor_rate: 655 });
    expect(second.json().vendor.rate).toBe(655);

    const history = (q: string) => inject('GET', `/rate-card/history?city_id=${pune.id}&material_id=${copper.id}&rate_type=vendor${q}`);
    const now = (await history('')).json() as RateHistoryResponse;
    expect(now.rate).toBe(655);
    expect(now.changes.map((c) => [c.rate, c.previous_rate])).toEqual([[655, 640.5], [640.5, original / 100]]);
    expect(now.changes[0]!.changed_by).toEqual({ id: admin.id, name: expect.any(String) });

    const then = (await history(`&at=${between.toISOString()}`)).json() as RateHistoryResponse;
    expect(then.rate).toBe(640.5);
    const before = (await history(`&at=${new Date(between.getTime() - 60_000).toISOString()}`)).json() as RateHistoryResponse;
    expect(before.rate).toBe(original / 100);
    // Asked at a change's own time, that change is in force.
    const atChange = (await history(`&at=${now.changes[0]!.changed_at}`)).json() as RateHistoryResponse;
    expect(atChange.rate).toBe(655);
    // The other rate types were not touched, so they have no history.
    expect(((await inject('GET', `/rate-card/history?city_id=${pune.id}&material_id=${copper.id}&rate_type=b2c`)).json() as RateHistoryResponse).changes).toEqual([]);
  });

  it('writes nothing when a rate is set to the value it has', async () => {
    const nagpur = await cityNamed('Nagpur');
    const iron = await materialNamed('Iron');
    const current = (await stored(nagpur.id, iron.id, 'driver')).ratePaise;
    const res = await inject('PUT', `/rate-card/${nagpur.id}/${iron.id}`, { driver_rate: current / 100 });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.db.select().from(rateHistory).where(and(eq(rateHistory.cityId, nagpur.id), eq(rateHistory.materialId, iron.id)));
    expect(rows).toHaveLength(0);
  });

  it('refuses bad values with 400 naming the field, unknown ids with 404, and changes nothing', async () => {
    const nashik = await cityNamed('Nashik');
    const steel = await materialNamed('Steel');
    const before = await stored(nashik.id, steel.id, 'vendor');
    const cases: Array<[object, string]> = [
      [{ vendor_rate: 0 }, 'vendor_rate'],
      [{ vendor_rate: -3 }, 'vendor_rate'],
      [{ vendor_rate: 3.999 }, 'vendor_rate'],
      [{ vendor_rate: 'abc' }, 'vendor_rate'],
      [{ vendor_rate: 40, driver_rate: 0 }, 'driver_rate'],
    ];
    for (const [payload, field] of cases) {
      const res = await inject('PUT', `/rate-card/${nashik.id}/${steel.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await inject('PUT', `/rate-card/${nashik.id}/${steel.id}`, {})).statusCode).toBe(400);
    expect((await inject('PUT', `/rate-card/999999/${steel.id}`, { vendor_rate: 40 })).statusCode).toBe(404);
    expect((await inject('PUT', `/rate-card/${nashik.id}/999999`, { vendor_rate: 40 })).statusCode).toBe(404);
    expect((await inject('PUT', `/rate-card/abc/${steel.id}`, { vendor_rate: 40 })).statusCode).toBe(400);
    expect(await stored(nashik.id, steel.id, 'vendor')).toEqual(before);
  });

  it('previews a bulk change without changing anything, then applies exactly that', async () => {
    const [ka] = await ctx.db.select().from(states).where(eq(states.code, 'KA'));
    const paper = await materialNamed('Newspaper');
    const body = { rate_type: 'b2c', scope: { state_id: ka!.id, material_id: paper.id }, change: { percent: 12.5 } };
    const kaCities = await ctx.db.select().from(cities).where(eq(cities.stateId, ka!.id));
    const before = await Promise.all(kaCities.map((c) => stored(c.id, paper.id, 'b2c')));

    const preview = await inject('POST', '/rate-card/bulk?dry_run=true', body);
    expect(preview.statusCode).toBe(200);
    const planned = preview.json() as BulkRateChangeResponse;
    expect(planned).toMatchObject({ dry_run: true, rate_type: 'b2c', matched: kaCities.length, updated: kaCities.length });
    for (const change of planned.changes) {
      const old = before.find((b) => b.cityId === change.city.id)!;
      expect(change.previous_rate).toBe(old.ratePaise / 100);
      // 12.5 % more, rounded half up to the paisa, in integers.
      expect(change.rate).toBe(Math.floor((old.ratePaise * 11_250 + 5_000) / 10_000) / 100);
      expect(change.material).toEqual({ id: paper.id, name: 'Newspaper' });
    }
    expect(await Promise.all(kaCities.map((c) => stored(c.id, paper.id, 'b2c')))).toEqual(before);
    expect((await ctx.db.select().from(rateHistory).where(eq(rateHistory.materialId, paper.id))).length).toBe(0);

    const applied = await inject('POST', '/rate-card/bulk', body);
    expect(applied.json()).toEqual({ ...planned, dry_run: false });
    const after = await Promise.all(kaCities.map((c) => stored(c.id, paper.id, 'b2c')));
    expect(after.map((a) => a.ratePaise / 100).sort()).toEqual(planned.changes.map((c) => c.rate).sort());
    expect(after.every((a) => a.updatedBy === admin.id)).toBe(true);
    const history = await ctx.db.select().from(rateHistory).where(eq(rateHistory.materialId, paper.id));
    expect(history).toHaveLength(kaCities.length);
    // Other rate types and materials are untouched.
    expect((await stored(kaCities[0]!.id, paper.id, 'vendor')).updatedBy).toBeNull();
  });

  it('changes by amount over chosen cities of one material', async () => {
    const a = await cityNamed('Jaipur');
    const b = await cityNamed('Kota');
    const brass = await materialNamed('Brass');
    const before = (await stored(a.id, brass.id, 'driver')).ratePaise;
    const res = await inject('POST', '/rate-card/bulk', { rate_type: 'driver', scope: { city_ids: [a.id, b.id], material_id: brass.id }, change: { amount: -0.5 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ matched: 2, updated: 2 });
    expect((await stored(a.id, brass.id, 'driver')).ratePaise).toBe(before - 50);
  });

  it('refuses a bulk change that would take any rate to 0 or below, whole', async () => {
    const [dl] = await ctx.db.select().from(states).where(eq(states.code, 'DL'));
    const dlCities = await ctx.db.select().from(cities).where(eq(cities.stateId, dl!.id));
    const glass = await materialNamed('Glass Bottles');
    const before = await Promise.all(dlCities.map((c) => stored(c.id, glass.id, 'driver')));
    // Glass Bottles pay drivers about 0.50 a kg: taking 1 rupee off makes them negative.
    const res = await inject('POST', '/rate-card/bulk', { rate_type: 'driver', scope: { state_id: dl!.id }, change: { amount: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.change.some((m: string) => m.startsWith('Glass Bottles in '))).toBe(true);
    expect(await Promise.all(dlCities.map((c) => stored(c.id, glass.id, 'driver')))).toEqual(before);
  });

  it('checks the bulk body: one of percent or amount, a scope, known ids', async () => {
    const [mh] = await ctx.db.select().from(states).where(eq(states.code, 'MH'));
    const bad: Array<[object, string]> = [
      [{ rate_type: 'vendor', scope: {}, change: { percent: 5 } }, 'scope'],
      [{ rate_type: 'vendor', scope: { state_id: mh!.id }, change: {} }, 'change'],
      [{ rate_type: 'vendor', scope: { state_id: mh!.id }, change: { percent: 5, amount: 1 } }, 'change'],
      [{ rate_type: 'vendor', scope: { state_id: mh!.id }, change: { percent: -100 } }, 'change.percent'],
      [{ rate_type: 'vendor', scope: { state_id: mh!.id }, change: { percent: 1.234 } }, 'change.percent'],
      [{ rate_type: 'vendor', scope: { state_id: mh!.id }, change: { amount: 0.001 } }, 'change.amount'],
      [{ rate_type: 'retail', scope: { state_id: mh!.id }, change: { percent: 5 } }, 'rate_type'],
    ];
    for (const [payload, field] of bad) {
      const res = await inject('POST', '/rate-card/bulk', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await inject('POST', '/rate-card/bulk', { rate_type: 'vendor', scope: { state_id: 999_999 }, change: { percent: 5 } })).statusCode).toBe(404);
    const unknownCities = await inject('POST', '/rate-card/bulk', { rate_type: 'vendor', scope: { city_ids: [1, 999_998, 999_999] }, change: { percent: 5 } });
    expect(unknownCities.statusCode).toBe(404);
    expect(unknownCities.json().detail).toMatch(/999998, 999999/);
  });

  it('answers 404 for the history of an unknown material or city, and 400 for a bad time', async () => {
    const copper = await materialNamed('Copper');
    expect((await inject('GET', '/rate-card/history?material_id=999999')).statusCode).toBe(404);
    expect((await inject('GET', `/rate-card/history?material_id=${copper.id}&city_id=999999`)).statusCode).toBe(404);
    const badAt = await inject('GET', `/rate-card/history?material_id=${copper.id}&at=yesterday`);
    expect(badAt.statusCode).toBe(400);
    expect(Object.keys(badAt.json().errors)).toEqual(['at']);
  });

  it('keeps every admin endpoint from other roles (403) and from callers without a token (401)', async () => {
    const city = await cityNamed('Mysuru');
    const material = await materialNamed('Copper');
    const attempts = [
      { method: 'GET' as const, url: '/rate-card' },
      { method: 'PUT' as const, url: `/rate-card/${city.id}/${material.id}`, payload: { vendor_rate: 1 } },
      { method: 'POST' as const, url: '/rate-card/bulk?dry_run=true', payload: { rate_type: 'vendor', scope: { city_ids: [city.id] }, change: { percent: 5 } } },
      { method: 'GET' as const, url: `/rate-card/history?material_id=${material.id}` },
      { method: 'GET' as const, url: '/rate-card/export.csv' },
      { method: 'POST' as const, url: '/rate-card/import', payload: 'state,city,material,vendor_rate,driver_rate,b2c_rate\n', headers: { 'content-type': 'text/csv' } },
      { method: 'POST' as const, url: '/cities', payload: { state_id: city.stateId, name: 'Nanjangud' } },
      { method: 'POST' as const, url: '/materials', payload: { name: 'Lead', vendor_rate: 1, driver_rate: 1, b2c_rate: 1 } },
      { method: 'GET' as const, url: '/materials?include_retired=true' },
    ];
    const others = await Promise.all((['store', 'vendor', 'driver'] as const).map((role) => ctx.factories.createMember(role)));
    for (const { headers = {}, ...attempt } of attempts) {
      const anonymous = await ctx.app.inject({ ...attempt, headers });
      expect(anonymous.statusCode, `${attempt.method} ${attempt.url} without a token`).toBe(401);
      for (const member of others) {
        const res = await ctx.app.inject({ ...attempt, headers: { ...headers, ...member.headers } });
        expect(res.statusCode, `${attempt.method} ${attempt.url} as ${member.role}`).toBe(403);
      }
    }
    expect((await stored(city.id, material.id, 'vendor')).updatedBy).toBeNull();
  });
});
