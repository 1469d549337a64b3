import { distanceKm, type GeoPoint } from '@app/shared/geo';

// design.md section 19: how far the driver of a moving order is from its store, and how long
// it should take. Computed once per position posted (decision 078), so reads only look it up.

/** Roads are longer than the straight line: a city's usual detour factor. */
export const ROAD_FACTOR = 1.4;
/** A loaded three-wheeler or small truck in city traffic. */
export const CITY_SPEED_KMH = 18;
/**
 * How long a routing server may take for one route. A driver's post waits for it (its
 * answer is the ETA the store sees), so a slow or down server costs each post at most this,
 * then the formula answers.
 */
export const ROUTING_TIMEOUT_MS = 1_500;

export interface Eta {
  /** Road km, 2 decimals. */
  distanceKm: number;
  /** Whole minutes, at least 1. */
  minutes: number;
  source: 'formula' | 'routing';
}

const twoDecimals = (km: number) => Math.round(km * 100) / 100;
const wholeMinutes = (minutes: number) => Math.max(1, Math.ceil(minutes));

/** The straight line x ROAD_FACTOR at CITY_SPEED_KMH; minutes from the unrounded km. */
export function etaByFormula(from: GeoPoint, to: GeoPoint): Eta {
  const km = distanceKm(from, to) * ROAD_FACTOR;
  return { distanceKm: twoDecimals(km), minutes: wholeMinutes((km / CITY_SPEED_KMH) * 60), source: 'formula' };
}

interface OsrmAnswer {
  code?: unknown;
  routes?: Array<{ distance?: unknown; duration?: unknown }>;
}

/**
 * An OSRM server's driving route (http://project-osrm.org/docs/v5.24.0/api/#route-service):
 * `routes[0].distance` in metres and `.duration` in seconds. Null when it fails, times out
 * or answers anything else: the caller falls back to the formula.
 */
export async function etaByRouting(baseUrl: string, from: GeoPoint, to: GeoPoint, timeoutMs = ROUTING_TIMEOUT_MS): Promise<Eta | null> {
  const url = `${baseUrl}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const answer = (await response.json()) as OsrmAnswer;
    const route = answer.routes?.[0];
    const metres = route?.distance;
    const seconds = route?.duration;
    if (answer.code !== 'Ok' || typeof metres !== 'number' || typeof seconds !== 'number' || !Number.isFinite(metres) || !Number.isFinite(seconds) || metres < 0 || seconds < 0) return null;
    return { distanceKm: twoDecimals(metres / 1000), minutes: wholeMinutes(seconds / 60), source: 'routing' };
  } catch {
    return null;
  }
}

/** The routing server's ETA when one is configured and answers, else the formula's. */
export async function estimateArrival(routingUrl: string | undefined, from: GeoPoint, to: GeoPoint): Promise<Eta> {
  const routed = routingUrl ? await etaByRouting(routingUrl, from, to) : null;
  return routed ?? etaByFormula(from, to);
}
