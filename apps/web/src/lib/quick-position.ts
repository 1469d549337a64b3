import type { PositionInput } from '@app/shared/schemas/geo';

// The phone's position for one moment (a driver's "Arrived", design.md section 18): only
// when the person already allowed it (no prompt here), quickly or not at all, so a step
// never waits long for the GPS and never fails for it.

/** How long a fix may take, and how old a kept one may be. */
export const QUICK_POSITION_TIMEOUT_MS = 5_000;
export const QUICK_POSITION_MAX_AGE_MS = 60_000;

/** True only when the browser says position is granted: 'prompt' would show its question. */
async function allowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

/** Where the phone is, or null: not allowed, not supported, no fix within the timeout. */
export async function positionIfAllowed(): Promise<PositionInput | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation || !(await allowed())) return null;
  return new Promise((resolve) => {
    // Some browsers never call back at all (a denied system setting): the step goes on without.
    const giveUp = setTimeout(() => resolve(null), QUICK_POSITION_TIMEOUT_MS + 500);
    geolocation.getCurrentPosition(
      (fix) => {
        clearTimeout(giveUp);
        resolve({ lat: fix.coords.latitude, lng: fix.coords.longitude, accuracy_m: Math.min(Math.round(fix.coords.accuracy), 1_000_000) });
      },
      () => {
        clearTimeout(giveUp);
        resolve(null);
      },
      { enableHighAccuracy: true, timeout: QUICK_POSITION_TIMEOUT_MS, maximumAge: QUICK_POSITION_MAX_AGE_MS },
    );
  });
}
