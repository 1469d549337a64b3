import { roundDegrees, type GeoPoint } from '@app/shared/geo';

// "Use where I am" (design.md section 18): one fix from the browser, asked only when the
// person presses the button. Failures come back as a reason a person can act on.

/** Why there is no position: the browser's three error codes, and a browser without geolocation. */
export type PositionProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type PositionAnswer = { point: GeoPoint } | { problem: PositionProblem };

/** GPS if the phone has it; a fix up to a minute old will do; 20 s before giving up. */
export const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 60_000, timeout: 20_000 };

export function problemOf(error: Pick<GeolocationPositionError, 'code'>): PositionProblem {
  // The codes of the Geolocation API: 1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT.
  if (error.code === 1) return 'denied';
  if (error.code === 3) return 'timeout';
  return 'unavailable';
}

const browserGeolocation = (): Geolocation | undefined => (typeof navigator === 'undefined' ? undefined : navigator.geolocation);

/** Asks the browser (or `geolocation`, in tests) once for where the device is. */
export function currentPosition(geolocation: () => Geolocation | undefined = browserGeolocation): Promise<PositionAnswer> {
  const source = geolocation();
  if (!source) return Promise.resolve({ problem: 'unsupported' });
  return new Promise((resolve) => {
    source.getCurrentPosition(
      (fix) => resolve({ point: { lat: roundDegrees(fix.coords.latitude), lng: roundDegrees(fix.coords.longitude) } }),
      (error) => resolve({ problem: problemOf(error) }),
      POSITION_OPTIONS,
    );
  });
}
