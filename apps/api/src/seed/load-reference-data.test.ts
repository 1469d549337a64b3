import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, states } from '../db/tables/geography.table';
import { cityRates, materials } from '../db/tables/materials.table';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { loadReferenceData } from './load-reference-data';
import { MATERIALS, STATES_AND_CITIES } from './reference-data';

describe('loading reference data', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    // The test database already holds the reference data, loaded once by the global setup.
    handle = await openTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('holds every state, city and material with a rate of every type for every pair', async () => {
    const db = handle.db;
    expect(await db.$count(states)).toBe(STATES_AND_CITIES.length);
    const cityCount = STATES_AND_CITIES.reduce((n, s) => n + s.cities.length, 0);
    expect(await db.$count(cities)).toBe(cityCount);
    expect(await db.$count(materials)).toBe(MATERIALS.length);
    expect(await db.$count(cityRates)).toBe(cityCount * MATERIALS.length * 3);
  });

  it('changes nothing on a second start, and keeps what an admin renamed', async () => {
    const db = handle.db;
    const [books] = await db.select().from(materials).where(eq(materials.name, 'Books'));
    await db.update(materials).set({ name: 'Old Books' }).where(eq(materials.id, books!.id));
    const before = await db.select().from(cityRates);
    await loadReferenceData(db);
    expect(await db.$count(materials)).toBe(MATERIALS.length);
    expect(await db.$count(materials, eq(materials.name, 'Books'))).toBe(0);
    expect(await db.select().from(cityRates)).toEqual(expect.arrayContaining(before));
    expect(await db.$count(cityRates)).toBe(before.length);
  });
});
