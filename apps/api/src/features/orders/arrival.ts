import { distanceKm } from '@app/shared/geo';
import { storeLocation, type LocationColumns } from '../../db/store-location';

/** Where the driver's phone was when it marked the arrival (`position`, checked by the shared schema). */
export interface ArrivalPosition {
  lat: number;
  lng: number;
  accuracy_m?: number | undefined;
}

/**
 * What an arrival's history event keeps (design.md section 18): where the phone was, and the
 * straight-line metres from there to the store's pin, null when either is unknown. The
 * distance never refuses the step: phones lose GPS.
 */
export function arrivalFacts(position: ArrivalPosition | undefined, store: LocationColumns | undefined) {
  const pin = store ? storeLocation(store) : null;
  return {
    arrivedLat: position?.lat ?? null,
    arrivedLng: position?.lng ?? null,
    arrivedAccuracyM: position?.accuracy_m ?? null,
    arrivedDistanceM: position && pin ? Math.round(distanceKm(position, pin) * 1000) : null,
  };
}
