import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/tables/geography.table';
import { cityRates, materials, rateHistory } from '../../db/tables/materials.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

// PGlite runs one statement at a time and hides races; only the real server can show one.
describe.skipIf(!TEST_DB_KINDS.includes('postgres'))('concurrent rate changes on postgres', () => {
  let ctx: TestContext;
  let admins: TestMember[];

  beforeAll(async () => {
    ctx = await createTestApp('postgres');
    admins = await Promise.all([1, 2, 3].map(() => ctx.factories.createMember('admin')));
  });
  afterAll(async () => ctx?.close());

  it('keeps the history a chain: each change names the value it replaced', async () => {
    const [city] = await ctx.db.select().from(cities).where(eq(cities.name, 'Lucknow'));
    const [copper] = await ctx.db.select().from(materials).where(eq(materials.name, 'Copper'));
    const cell = and(eq(cityRates.cityId, city!.id), eq(cityRates.materialId, copper!.id), eq(cityRates.rateType, 'vendor'));
    const [start] = await ctx.db.select().from(cityRates).where(cell);

    // Twelve single edits and three bulk +1 % changes of the same rate, all at once.
    const edits = Array.from({ length: 12 }, (_, i) =>
      ctx.app.inject({ method: 'PUT', url: `/rate-card/${city!.id}/${copper!.id}`, headers: admins[i % 3]!.headers, payload: { vendor_rate: 600 + i } }),
    );
    const bulks = Array.from({ length: 3 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/rate-card/bulk',
        headers: admins[i]!.headers,
        payload: { rate_type: 'vendor', scope: { city_ids: [city!.id], material_id: copper!.id }, change: { percent: 1 } },
      }),
    );
    const answers = await Promise.all([...edits, ...bulks]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));

    const history = await ctx.db
      .select()
      .from(rateHistory)
      .where(and(eq(rateHistory.cityId, city!.id), eq(rateHistory.materialId, copper!.id), eq(rateHistory.rateType, 'vendor')))
      .orderBy(asc(rateHistory.id));
    let previous = start!.ratePaise;
    for (const change of history) {
      expect(change.previousPaise).toBe(previous);
      previous = change.ratePaise;
    }
    const [end] = await ctx.db.select().from(cityRates).where(cell);
    expect(end!.ratePaise).toBe(previous);
  });
});
