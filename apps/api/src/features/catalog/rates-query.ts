import { sql } from 'drizzle-orm';
import type { RateType } from '@app/shared/constants';
import { paiseToRupees } from '@app/shared/money';
import type { RateEntry } from '@app/shared/schemas/catalog';
import type { DbOrTx } from '../../db/database';
import { defaultRateColumn } from './rate-columns';
import { queryRows } from '../../db/sql-rows';

interface CardRow {
  city_id: number;
  city_name: string;
  state_id: number;
  state_name: string;
  /** Material name -> paise, from the city's own rates. */
  rates: Record<string, number> | null;
  /** Material name -> default paise, only for a city that lacks some of its own rates. */
  missing: Record<string, number> | null;
}

/**
 * The rates list of one rate type (design.md section 8) in ONE query.
 *
 * The city's own rates are folded per city straight from city_rates (its index on
 * rate_type, city_id) and joined to the cities; only a city with fewer rates than there
 * are active materials runs the fallback subquery for the defaults it lacks. Every city
 * normally has every rate (seed, POST /cities, POST /materials make them), so the common
 * path never crosses cities with materials: at 500 cities x 40 materials that halved the
 * query on PostgreSQL and took a quarter off on PGlite, against a cross join with a left
 * join to the rates.
 */
export async function loadRateEntries(db: DbOrTx, type: RateType, cityId?: number): Promise<RateEntry[]> {
  const rows = await queryRows<CardRow>(
    db,
    sql`
    with active as (
      select id, name, ${defaultRateColumn(type)} as default_paise from materials where retired_at is null
    ),
    own as (
      select cr.city_id, json_object_agg(a.name, cr.rate_paise) as rates, count(*) as n
      from city_rates cr
      join active a on a.id = cr.material_id
      where cr.rate_type = ${type} ${cityId === undefined ? sql`` : sql`and cr.city_id = ${cityId}::int`}
      group by cr.city_id
    )
    select c.id as city_id, c.name as city_name, s.id as state_id, s.name as state_name, own.rates,
      case when coalesce(own.n, 0) < (select count(*) from active) then (
        select json_object_agg(a.name, a.default_paise)
        from active a
        where not exists (select 1 from city_rates x where x.city_id = c.id and x.material_id = a.id and x.rate_type = ${type})
      ) end as missing
    from cities c
    join states s on s.id = c.state_id
    left join own on own.city_id = c.id
    ${cityId === undefined ? sql`` : sql`where c.id = ${cityId}::int`}
    order by s.name, c.name, c.id`,
  );

  // Every city carries the same materials, so their order (by name) is decided once here
  // rather than by an ORDER BY inside the aggregate, which would sort every cell.
  const first = rows[0];
  const names = Object.keys({ ...first?.rates, ...first?.missing }).sort((a, b) => a.localeCompare(b, 'en'));
  return rows.map((row) => {
    const entry: Record<string, unknown> = { city: { id: row.city_id, name: row.city_name }, state: { id: row.state_id, name: row.state_name } };
    // Material names never equal "city" or "state" (materialNameSchema), so no key is overwritten.
    for (const name of names) {
      const paise = row.rates?.[name] ?? row.missing?.[name];
      if (paise !== undefined) entry[name] = { rate: paiseToRupees(paise) };
    }
    return entry as RateEntry;
  });
}
