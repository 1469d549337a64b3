import { useEffect, useState } from 'react';
import { distanceKm, type GeoPoint } from '@app/shared/geo';

// The phone's position while a screen needs it (design.md section 18, decision 072): the
// browser's watch, passed on only when it matters, so that a list sorted by it is not asked
// for again at every GPS fix. The position stays in this page's memory: nothing keeps it.

export interface DevicePosition extends GeoPoint {
  /** The browser's estimate of its error, metres. */
  accuracyM: number;
  /** Epoch ms of the fix. */
  at: number;
}

/** Why there is no position: the browser's error codes, and a browser without geolocation. */
export type PositionProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export type DevicePositionState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'ready'; position: DevicePosition }
  | { status: 'failed'; problem: PositionProblem };

/** A new fix is passed on when it is this far from the last one passed on... */
export const POSITION_MIN_MOVE_M = 200;
/** ...or when the last one passed on is this old. */
export const POSITION_MAX_AGE_MS = 2 * 60_000;

/** Whether `next` is worth passing on after `last`: moved about 200 m, or 2 minutes on. */
export function worthPassingOn(last: DevicePosition | null, next: DevicePosition): boolean {
  return last === null || distanceKm(last, next) * 1000 >= POSITION_MIN_MOVE_M || next.at - last.at >= POSITION_MAX_AGE_MS;
}

/** `near=LAT,LNG` for the API: 4 decimals (about 11 m) are finer than the km the cards show. */
export const nearParam = (point: GeoPoint): string => `${point.lat.toFixed(4)},${point.lng.toFixed(4)}`;

const OFF: DevicePositionState = { status: 'off' };
const LOCATING: DevicePositionState = { status: 'locating' };
const UNSUPPORTED: DevicePositionState = { status: 'failed', problem: 'unsupported' };

function problemOf(error: GeolocationPositionError): PositionProblem {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  if (error.code === error.TIMEOUT) return 'timeout';
  return 'unavailable';
}

/** A browser fix as the app keeps it (its time is the fix's own, when the browser gives one). */
export function devicePositionOf(fix: GeolocationPosition): DevicePosition {
  return { lat: fix.coords.latitude, lng: fix.coords.longitude, accuracyM: fix.coords.accuracy, at: fix.timestamp || Date.now() };
}

const geolocation = (): Geolocation | undefined => (typeof navigator === 'undefined' ? undefined : navigator.geolocation);
/** A render on the server (the web host's start page) draws what a phone draws first: its position being found. */
const supportedHere = () => typeof window === 'undefined' || geolocation() !== undefined;

/**
 * The phone's position while `enabled` (the person agreed, lib/position-choice.ts); 'off'
 * otherwise. Asking is the browser's watch, so the browser's prompt appears at the first
 * enabled render, and only then.
 */
export function useDevicePosition(enabled: boolean): DevicePositionState {
  const [state, setState] = useState<DevicePositionState>(LOCATING);
  const supported = supportedHere();

  useEffect(() => {
    const geo = geolocation();
    if (!enabled || !geo) return;
    let last: DevicePosition | null = null;
    const id = geo.watchPosition(
      (fix) => {
        const next = devicePositionOf(fix);
        if (!worthPassingOn(last, next)) return;
        last = next;
        setState({ status: 'ready', position: next });
      },
      (error) => {
        // A fix lost after a good one (a tunnel) keeps the last position: the list stays as it is.
        if (last !== null && error.code !== error.PERMISSION_DENIED) return;
        setState({ status: 'failed', problem: problemOf(error) });
      },
      // GPS, since pickups in one city lie a few hundred metres apart; a fix up to a minute old will do.
      { enableHighAccuracy: true, maximumAge: 60_000, timeout: 30_000 },
    );
    return () => {
      geo.clearWatch(id);
      setState(LOCATING);
    };
  }, [enabled]);

  if (!enabled) return OFF;
  return supported ? state : UNSUPPORTED;
}
