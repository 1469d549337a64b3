import type { CitySummary } from '@app/shared/schemas/partners';

/** A record's city as selectWithCity selects it. */
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
