import { useEffect, useEffectEvent } from 'react';
import { postDriverPosition } from '@/data/driver-positions';
import { ApiError } from '@/lib/api-error';
import { isOnline } from '@/lib/network-status';
import { devicePositionOf, type DevicePosition } from '@/lib/use-device-position';
import { startPositionReporter, type PostOutcome, type ReporterDeps } from './position-reporter';

// The reporter (position-reporter.ts) bound to this browser: its GPS, its clock, the API.

/** GPS (the ETA is figured from it); a fix up to 10 s old will do between two posts 15 s apart. */
const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 };
/** The minute's reading of a phone standing still: quickly, or the last fix is sent again. */
const FRESH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 15_000, timeout: 10_000 };
/** Some browsers never call back at all (a denied system setting). */
const FRESH_GIVE_UP_MS = 11_000;
/** A 429 without a readable Retry-After: the server's limit. */
const DEFAULT_RETRY_AFTER_MS = 5_000;

const geolocation = (): Geolocation | undefined => (typeof navigator === 'undefined' ? undefined : navigator.geolocation);

function retryAfterMs(error: ApiError): number {
  const seconds = Number(error.headers?.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_RETRY_AFTER_MS;
}

/** What one post came to, in the reporter's terms. */
export async function postPosition(fix: DevicePosition, signal: AbortSignal): Promise<PostOutcome> {
  try {
    await postDriverPosition({ lat: fix.lat, lng: fix.lng, accuracy_m: Math.min(Math.round(fix.accuracyM), 1_000_000), at: new Date(fix.at).toISOString() }, signal);
    return { kind: 'taken' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'not-moving' };
    if (error instanceof ApiError && error.status === 429) return { kind: 'too-soon', retryAfterMs: retryAfterMs(error) };
    return { kind: 'failed' };
  }
}

function watch(onFix: (fix: DevicePosition) => void): () => void {
  const geo = geolocation();
  if (!geo) return () => undefined;
  // Errors need no answer here: the pages' position line says them (lib/use-device-position.ts).
  const id = geo.watchPosition((fix) => onFix(devicePositionOf(fix)), () => undefined, WATCH_OPTIONS);
  return () => geo.clearWatch(id);
}

function freshFix(): Promise<DevicePosition | null> {
  const geo = geolocation();
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => resolve(null), FRESH_GIVE_UP_MS);
    geo.getCurrentPosition(
      (fix) => {
        clearTimeout(giveUp);
        resolve(devicePositionOf(fix));
      },
      () => {
        clearTimeout(giveUp);
        resolve(null);
      },
      FRESH_OPTIONS,
    );
  });
}

/** This browser's clock, timers, GPS, network state and the API. */
export function browserReporterDeps(onNotMoving: () => void): ReporterDeps {
  return {
    now: () => Date.now(),
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    watch,
    freshFix,
    online: isOnline,
    post: postPosition,
    onNotMoving,
  };
}

/**
 * Posts the phone's position while mounted (the driver agreed and an order is moving);
 * stops when unmounted. `onNotMoving`: the server said no order is moving, reporting stopped.
 */
export function usePositionReporting(onNotMoving: () => void): void {
  const notMoving = useEffectEvent(onNotMoving);
  useEffect(() => startPositionReporter(browserReporterDeps(() => notMoving())), []);
}
