import { distanceKm, type GeoPoint } from '@app/shared/geo';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';

// "Who is nearest?" for dispatch (design.md section 19): the straight line from each driver's
// last position to the store's pin, as the API measures its ETAs (decision 078).

export interface RankedDriver {
  driver: DispatchDriver;
  /** Straight-line km; null when the driver's position or the store's pin is unknown. */
  km: number | null;
}

const byName = (a: RankedDriver, b: RankedDriver) => a.driver.name.localeCompare(b.driver.name) || a.driver.driver_id - b.driver.driver_id;

/**
 * The drivers nearest first; those whose distance is unknown after them, by name. Without a
 * store pin (`to` null) every distance is unknown and the drivers come by name.
 */
export function driversByDistance(drivers: readonly DispatchDriver[], to: GeoPoint | null): RankedDriver[] {
  return drivers
    .map((driver) => ({ driver, km: to && driver.position ? distanceKm(driver.position, to) : null }))
    .sort((a, b) => {
      if (a.km === null || b.km === null) return a.km === b.km ? byName(a, b) : a.km === null ? 1 : -1;
      return a.km - b.km || byName(a, b);
    });
}
