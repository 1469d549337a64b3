import { parseRupees } from '@app/shared/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { cities } from '../db/tables/geography.table';
import { cityRates, materials } from '../db/tables/materials.table';
import { openTestDatabase } from '../test/test-database';
import { MATERIALS, STATES_AND_CITIES } from './reference-data';

// design.md section 16: the demo's reconciliation shows positive margins (b2c value - vendor
// - driver), which holds only while every seeded b2c rate sits above vendor + driver.

const paise = (rupees: string) => {
  const parsed = parseRupees(rupees);
  if (!parsed.ok) throw new Error(`bad rate ${rupees}`);
  return parsed.value;
};

describe('the seeded rates', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // Loaded by the global setup with loadReferenceData, as a first start loads them.
    handle = await openTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('put every material\'s default b2c rate above its vendor + driver rates', () => {
    const losing = MATERIALS.filter((m) => paise(m.b2c) <= paise(m.vendor) + paise(m.driver)).map((m) => m.name);
    expect(losing).toEqual([]);
  });

  it('put b2c above vendor + driver in every city, for every material', async () => {
    const rateOf = (type: string) => sql<number>`max(${cityRates.ratePaise}) filter (where ${cityRates.rateType} = ${type})`;
    const pairs = await handle.db
      .select({ city: cities.name, material: materials.name, vendor: rateOf('vendor'), driver: rateOf('driver'), b2c: rateOf('b2c') })
      .from(cityRates)
      .innerJoin(cities, eq(cities.id, cityRates.cityId))
      .innerJoin(materials, eq(materials.id, cityRates.materialId))
      .groupBy(cities.id, cities.name, materials.id, materials.name);
    const cityCount = STATES_AND_CITIES.reduce((n, s) => n + s.cities.length, 0);
    expect(pairs).toHaveLength(cityCount * MATERIALS.length);
    const losing = pairs.filter((p) => Number(p.b2c) <= Number(p.vendor) + Number(p.driver)).map((p) => `${p.material} in ${p.city}`);
    expect(losing).toEqual([]);
  });
});
