import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import { paiseToRupees } from '@app/shared/money';
import type { RateCardMaterial, RateCardRow, RateCell } from '@app/shared/schemas/catalog';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';
import { cityRates, materials } from '../../db/tables/materials.table';
import { members } from '../../db/tables/members.table';
import { containsPattern } from '../../http/search-pattern';

export interface RateCardFilter {
  stateId?: number | undefined;
  cityId?: number | undefined;
  /** Part of a city or state name, any case. */
  search?: string | undefined;
  /** Only these materials (active or not); all active ones when omitted. */
  materialIds?: readonly number[] | undefined;
}

export interface RateCardPage {
  limit: number;
  offset: number;
}

function cityFilter(filter: RateCardFilter): SQL | undefined {
  const search = filter.search ? containsPattern(filter.search) : undefined;
  return and(
    filter.stateId === undefined ? undefined : eq(cities.stateId, filter.stateId),
    filter.cityId === undefined ? undefined : eq(cities.id, filter.cityId),
    search === undefined ? undefined : or(ilike(cities.name, search), ilike(states.name, search)),
  );
}

/**
 * The admin's full table: cities (filtered, one page) with every rate type of every
 * active material, who set each rate and when. Three queries whatever the page size:
 * the cities, the materials (the columns), the cells of those cities.
 */
export async function loadRateCard(db: DbOrTx, filter: RateCardFilter, page?: RateCardPage): Promise<{ total: number; rows: RateCardRow[] }> {
  const cityQuery = db
    .select({
      cityId: cities.id,
      cityName: cities.name,
      stateId: states.id,
      stateName: states.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(cityFilter(filter))
    .orderBy(asc(states.name), asc(cities.name), asc(cities.id));
  const cityRows = page ? await cityQuery.limit(page.limit).offset(page.offset) : await cityQuery;
  // A page past the end has no row to carry the total; count again only then.
  let total = cityRows[0]?.total ?? 0;
  if (cityRows.length === 0 && page && page.offset > 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(cityFilter(filter));
    total = counted?.n ?? 0;
  }
  if (cityRows.length === 0) return { total, rows: [] };

  const materialRows = await db
    .select({ id: materials.id, name: materials.name, vendor: materials.vendorRatePaise, driver: materials.driverRatePaise, b2c: materials.b2cRatePaise })
    .from(materials)
    .where(filter.materialIds ? inArray(materials.id, [...filter.materialIds]) : isNull(materials.retiredAt))
    .orderBy(asc(materials.name), asc(materials.id));
  if (materialRows.length === 0) {
    return { total, rows: cityRows.map((c) => ({ city: { id: c.cityId, name: c.cityName }, state: { id: c.stateId, name: c.stateName }, rates: [] })) };
  }

  const cellRows = await db
    .select({
      cityId: cityRates.cityId,
      materialId: cityRates.materialId,
      rateType: cityRates.rateType,
      ratePaise: cityRates.ratePaise,
      updatedAt: cityRates.updatedAt,
      updatedById: members.id,
      updatedByName: members.name,
    })
    .from(cityRates)
    .leftJoin(members, eq(members.id, cityRates.updatedBy))
    .where(and(inArray(cityRates.cityId, cityRows.map((c) => c.cityId)), inArray(cityRates.materialId, materialRows.map((m) => m.id))));
  const cells = new Map<string, (typeof cellRows)[number]>();
  for (const cell of cellRows) cells.set(`${cell.cityId}:${cell.materialId}:${cell.rateType}`, cell);

  const rows = cityRows.map((c): RateCardRow => ({
    city: { id: c.cityId, name: c.cityName },
    state: { id: c.stateId, name: c.stateName },
    rates: materialRows.map((m): RateCardMaterial => {
      const cellOf = (type: RateType): RateCell => {
        const cell = cells.get(`${c.cityId}:${m.id}:${type}`);
        if (!cell) return { rate: paiseToRupees(m[type]), is_default: true, updated_at: null, updated_by: null };
        return {
          rate: paiseToRupees(cell.ratePaise),
          is_default: false,
          updated_at: cell.updatedAt.toISOString(),
          updated_by: cell.updatedById === null ? null : { id: cell.updatedById, name: cell.updatedByName ?? '' },
        };
      };
      return { material: { id: m.id, name: m.name }, vendor: cellOf('vendor'), driver: cellOf('driver'), b2c: cellOf('b2c') };
    }),
  }));
  return { total, rows };
}
