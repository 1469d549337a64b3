import { GEO_DECIMALS, type GeoPoint } from '@app/shared/geo';

// How a pin's place is written for a person: degrees to the 6 decimals the API keeps
// (about 11 cm), with a dot whatever the language, as maps and GPS apps show them.

export const formatDegrees = (degrees: number): string => degrees.toFixed(GEO_DECIMALS);

/** "18.520400, 73.856700". */
export const formatCoordinates = (point: GeoPoint): string => `${formatDegrees(point.lat)}, ${formatDegrees(point.lng)}`;

/** Whether two pins are the same place as the API keeps it (6 decimals). */
export const samePlace = (a: GeoPoint | null, b: GeoPoint | null): boolean =>
  a === b || (a !== null && b !== null && formatCoordinates(a) === formatCoordinates(b));
