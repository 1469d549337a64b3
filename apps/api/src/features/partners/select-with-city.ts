import { eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database';
import { cities, states } from '../../db/tables/geography.table';

/** A record's city and the city's state, as citySummary reads them. */
const cityColumns = { cityId: cities.id, cityName: cities.name, stateId: states.id, stateName: states.name };

/** A vendor, store or driver: every column of its own, its city and state, and the `extra` columns it shows. */
export function selectWithCity<T extends PgTable & { cityId: AnyPgColumn }, E extends SelectedFields>(db: DbOrTx, table: T, extra: E) {
  // Its city_id is the city's id, selected with the city.
  const { cityId: _cityId, ...own } = getTableColumns(table);
  return db
    .select({ ...own, ...cityColumns, ...extra })
    // drizzle cannot tell a generic table from a subquery of a write: named, it stays a table.
    .from<T>(table as never)
    .innerJoin(cities, eq(cities.id, table.cityId))
    .innerJoin(states, eq(states.id, cities.stateId));
}
