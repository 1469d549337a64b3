import type { GeoPoint } from '@app/shared/geo';

/** A store's pin as its two columns hold it (migration 0016: both null, or both set). */
export interface LocationColumns {
  locationLat: number | null;
  locationLng: number | null;
}

export const storeLocation = (row: LocationColumns): GeoPoint | null =>
  row.locationLat !== null && row.locationLng !== null ? { lat: row.locationLat, lng: row.locationLng } : null;

/** The columns to write for a `location` sent: none when absent, both null when null (the pin is removed). */
export function locationColumns(location: GeoPoint | null | undefined): Partial<LocationColumns> {
  if (location === undefined) return {};
  return { locationLat: location?.lat ?? null, locationLng: location?.lng ?? null };
}
