import type { City } from '@app/shared/schemas/catalog';

/** A city as people read it: "Pune, Maharashtra" (two cities may share a name across states). */
export const cityName = (city: Pick<City, 'name' | 'state'>): string => `${city.name}, ${city.state.name}`;
