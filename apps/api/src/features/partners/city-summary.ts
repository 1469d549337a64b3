import type { CitySummary } from '@app/shared/schemas/partners';
import { cities, states } from '../../db/tables/geography.table';

/** Select these beside a record joined to its city and the city's state. */
export const cityColumns = { cityId: cities.id, cityName: cities.name, stateId: states.id, stateName: states.name };

export interface CityRow {
  cityId: number;
  cityName: string;
  stateId: number;
  stateName: string;
}

export const citySummary = (row: CityRow): CitySummary => ({
  id: row.cityId,
  name: row.cityName,
  state: { id: row.stateId, name: row.stateName },
});
