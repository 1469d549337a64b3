import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { RATE_TYPES } from '@app/shared/constants';
import type { City, State } from '@app/shared/schemas/catalog';
import type { Database, DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { cityRates, materials } from '../../db/tables/materials.table';
import { conflict, notFound } from '../../http/http-error';
import { isUniqueViolation } from '../../db/sql-rows';
import { ratePaise } from './rate-paise';
import { writeCells, type CellChange } from './rate-cells';

export async function listStates(db: DbOrTx): Promise<State[]> {
  return db.select({ id: states.id, name: states.name, code: states.code }).from(states).orderBy(asc(states.name));
}

/** Sorted by state, then city: what a sign-up form's grouped list shows. */
export async function listCities(db: DbOrTx, stateId?: number): Promise<City[]> {
  const rows = await db
    .select({ id: cities.id, name: cities.name, stateId: states.id, stateName: states.name })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(stateId === undefined ? undefined : eq(cities.stateId, stateId))
    .orderBy(asc(states.name), asc(cities.name), asc(cities.id));
  return rows.map((r) => ({ id: r.id, name: r.name, state: { id: r.stateId, name: r.stateName } }));
}

export async function findCity(db: DbOrTx, id: number): Promise<City | null> {
  const [row] = await db
    .select({ id: cities.id, name: cities.name, stateId: states.id, stateName: states.name })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(cities.id, id));
  return row ? { id: row.id, name: row.name, state: { id: row.stateId, name: row.stateName } } : null;
}

export interface CreateCityInput {
  state_id: number;
  name: string;
  copy_from_city_id?: number | undefined;
  rates?: Array<{ material_id: number; vendor_rate?: number | undefined; driver_rate?: number | undefined; b2c_rate?: number | undefined }> | undefined;
}

const duplicateCity = (name: string, state: string) => conflict(`${state} already has a city called "${name}"`);

/**
 * Adds a city with a rate for every material (retired ones too, so a restore finds them)
 * and every rate type: the given rate, else the copied city's, else the default. Each
 * starting rate enters the history with its author.
 */
export async function createCity(db: Database, input: CreateCityInput, actorId: number): Promise<City> {
  const [state] = await db.select().from(states).where(eq(states.id, input.state_id));
  if (!state) throw notFound(`State ${input.state_id} not found`);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.stateId, state.id), eq(sql`lower(${cities.name})`, input.name.toLowerCase())));
      if (taken) throw duplicateCity(input.name, state.name);

      const copied = new Map<string, number>();
      if (input.copy_from_city_id !== undefined) {
        const [source] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.copy_from_city_id));
        if (!source) throw notFound(`City ${input.copy_from_city_id} (copy_from_city_id) not found`);
        const rows = await tx
          .select({ materialId: cityRates.materialId, rateType: cityRates.rateType, ratePaise: cityRates.ratePaise })
          .from(cityRates)
          .where(eq(cityRates.cityId, source.id));
        for (const r of rows) copied.set(`${r.materialId}:${r.rateType}`, r.ratePaise);
      }

      const allMaterials = await tx.select().from(materials);
      const known = new Set(allMaterials.map((m) => m.id));
      const overrides = new Map<string, number>();
      for (const o of input.rates ?? []) {
        if (!known.has(o.material_id)) throw notFound(`Material ${o.material_id} (rates) not found`);
        for (const type of RATE_TYPES) {
          const rupees = o[`${type}_rate`];
          if (rupees !== undefined) overrides.set(`${o.material_id}:${type}`, ratePaise(rupees));
        }
      }

      const [city] = await tx.insert(cities).values({ stateId: state.id, name: input.name }).returning();
      const cityId = city!.id;
      const defaults = { vendor: 'vendorRatePaise', driver: 'driverRatePaise', b2c: 'b2cRatePaise' } as const;
      const changes: CellChange[] = allMaterials.flatMap((m) =>
        RATE_TYPES.map((rateType) => {
          const key = `${m.id}:${rateType}`;
          return { cityId, materialId: m.id, rateType, previousPaise: null, ratePaise: overrides.get(key) ?? copied.get(key) ?? m[defaults[rateType]] };
        }),
      );
      await writeCells(tx, changes, actorId);
      return { id: cityId, name: city!.name, state: { id: state.id, name: state.name } };
    });
  } catch (error) {
    // Another admin added the same city a moment earlier (cities_state_name_uq).
    if (isUniqueViolation(error)) throw duplicateCity(input.name, state.name);
    throw error;
  }
}

/** The ids among `ids` that name no city. */
export async function missingCityIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: cities.id }).from(cities).where(inArray(cities.id, [...ids]));
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !found.has(id));
}
