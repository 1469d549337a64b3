import { sql, type SQL } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import type { Tx } from '../../db/database';
import { queryRows } from '../../db/sql-rows';
import { defaultRateSql, RATE_TYPES_RELATION } from './rate-columns';
import { bumpRatesVersion } from './rates-version';

// Every write to city rates goes through here: lock the cells, decide, write the new
// values and one history row per changed cell (author, previous value) in the caller's
// transaction. Bulk changes, the CSV import and single edits share it, so none of them
// can forget the history.

export interface CellKey {
  cityId: number;
  materialId: number;
  rateType: RateType;
}

export interface LockedCell extends CellKey {
  ratePaise: number;
  cityName: string;
  stateId: number;
  stateName: string;
  materialName: string;
}

export interface CellChange extends CellKey {
  /** Null: the cell is new (a new city or material), so there was no rate before. */
  previousPaise: number | null;
  ratePaise: number;
}

/**
 * A condition over the aliases `c` (cities), `s` (states), `m` (materials) and the rate
 * type expression it is given.
 */
export type CellFilter = (rateType: SQL) => SQL;

/**
 * Locks the cells the filter selects, in one fixed order (so two bulk changes cannot
 * deadlock), after creating any that are missing from the material's default: a cell
 * without a row would otherwise escape the lock.
 */
export async function lockCells(tx: Tx, filter: CellFilter): Promise<LockedCell[]> {
  await tx.execute(sql`
    insert into city_rates (city_id, material_id, rate_type, rate_paise)
    select c.id, m.id, t.rate_type, ${defaultRateSql(sql`t.rate_type`)}
    from cities c
    join states s on s.id = c.state_id
    cross join materials m
    cross join ${RATE_TYPES_RELATION}
    where ${filter(sql`t.rate_type`)}
    on conflict do nothing`);
  return queryRows<LockedCell>(
    tx,
    sql`
    select cr.city_id as "cityId", cr.material_id as "materialId", cr.rate_type as "rateType", cr.rate_paise as "ratePaise",
      c.name as "cityName", s.id as "stateId", s.name as "stateName", m.name as "materialName"
    from city_rates cr
    join cities c on c.id = cr.city_id
    join states s on s.id = c.state_id
    join materials m on m.id = cr.material_id
    where ${filter(sql`cr.rate_type`)}
    order by s.name, c.name, c.id, m.name, m.id, cr.rate_type
    for update of cr`,
  );
}

/** Cells given as a list of keys, for lockCells. */
export function keysFilter(keys: readonly Pick<CellKey, 'cityId' | 'materialId'>[]): CellFilter {
  const json = JSON.stringify(keys.map((k) => ({ city_id: k.cityId, material_id: k.materialId })));
  return () => sql`(c.id, m.id) in (select k.city_id, k.material_id from json_to_recordset(${json}::json) as k(city_id int, material_id int))`;
}

/** Writes the cells that really change, with their history rows; answers how many changed. */
export async function writeCells(tx: Tx, changes: readonly CellChange[], actorId: number): Promise<number> {
  const real = changes.filter((c) => c.previousPaise !== c.ratePaise);
  if (real.length === 0) return 0;
  const json = JSON.stringify(
    real.map((c) => ({ city_id: c.cityId, material_id: c.materialId, rate_type: c.rateType, rate_paise: c.ratePaise, previous_paise: c.previousPaise })),
  );
  const rows = sql`json_to_recordset(${json}::json) as x(city_id int, material_id int, rate_type text, rate_paise int, previous_paise int)`;
  await tx.execute(sql`
    insert into city_rates (city_id, material_id, rate_type, rate_paise, updated_by, updated_at)
    select x.city_id, x.material_id, x.rate_type, x.rate_paise, ${actorId}::int, now() from ${rows}
    on conflict (city_id, material_id, rate_type)
    do update set rate_paise = excluded.rate_paise, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  await tx.execute(sql`
    insert into rate_history (city_id, material_id, rate_type, rate_paise, previous_paise, changed_by)
    select x.city_id, x.material_id, x.rate_type, x.rate_paise, x.previous_paise, ${actorId}::int from ${rows}`);
  await bumpRatesVersion(tx);
  return real.length;
}
