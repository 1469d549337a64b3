// Places on the map (design.md section 18): straight-line distances, the order of a day's
// stops, and the navigation links a phone opens. Shared so that the API's distances, the
// web app's route and the tests agree to the metre.

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** Where a store may be: India's bounding box (WGS84 degrees). */
export const INDIA_BOUNDS = { lat: { min: 6, max: 38 }, lng: { min: 68, max: 98 } } as const;
/** Degrees are kept to 6 decimals (about 11 cm). */
export const GEO_DECIMALS = 6;
/** The mean Earth radius the haversine formula uses, in km (the API's SQL uses the same). */
export const EARTH_RADIUS_KM = 6371.0088;

export const roundDegrees = (value: number): number => Math.round(value * 10 ** GEO_DECIMALS) / 10 ** GEO_DECIMALS;

export function isInIndia(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lng) &&
    point.lat >= INDIA_BOUNDS.lat.min &&
    point.lat <= INDIA_BOUNDS.lat.max &&
    point.lng >= INDIA_BOUNDS.lng.min &&
    point.lng <= INDIA_BOUNDS.lng.max
  );
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Up to this many stops the day's order is exact (Held-Karp); beyond, nearest neighbour improved by 2-opt. */
export const EXACT_ROUTE_MAX_STOPS = 10;

export interface PlannedRoute {
  /** Indexes into the stops given, in the order to visit them. */
  order: number[];
  /** Straight-line km from the start through every stop, in that order (the driver need not come back). */
  totalKm: number;
}

function pathKm(start: GeoPoint, stops: readonly GeoPoint[], order: readonly number[]): number {
  let km = 0;
  let at = start;
  for (const index of order) {
    km += distanceKm(at, stops[index]!);
    at = stops[index]!;
  }
  return km;
}

function exactOrder(start: GeoPoint, stops: readonly GeoPoint[]): number[] {
  const n = stops.length;
  const full = (1 << n) - 1;
  // best[mask][last]: the shortest path from the start through the stops in mask, ending at last.
  const best = Array.from({ length: 1 << n }, () => new Float64Array(n).fill(Infinity));
  const previous = Array.from({ length: 1 << n }, () => new Int8Array(n).fill(-1));
  for (let i = 0; i < n; i += 1) best[1 << i]![i] = distanceKm(start, stops[i]!);
  for (let mask = 1; mask <= full; mask += 1) {
    for (let last = 0; last < n; last += 1) {
      const here = best[mask]![last]!;
      if (!(mask & (1 << last)) || here === Infinity) continue;
      for (let next = 0; next < n; next += 1) {
        if (mask & (1 << next)) continue;
        const grown = mask | (1 << next);
        const km = here + distanceKm(stops[last]!, stops[next]!);
        if (km < best[grown]![next]!) {
          best[grown]![next] = km;
          previous[grown]![next] = last;
        }
      }
    }
  }
  let last = 0;
  for (let i = 1; i < n; i += 1) if (best[full]![i]! < best[full]![last]!) last = i;
  const order: number[] = [];
  for (let mask = full; last >= 0; ) {
    order.push(last);
    const before = previous[mask]![last]!;
    mask &= ~(1 << last);
    last = before;
  }
  return order.reverse();
}

function heuristicOrder(start: GeoPoint, stops: readonly GeoPoint[]): number[] {
  const left = new Set(stops.map((_, index) => index));
  const order: number[] = [];
  let at = start;
  while (left.size > 0) {
    let nearest = -1;
    for (const index of left) if (nearest < 0 || distanceKm(at, stops[index]!) < distanceKm(at, stops[nearest]!)) nearest = index;
    order.push(nearest);
    left.delete(nearest);
    at = stops[nearest]!;
  }
  // 2-opt: reverse any stretch that makes the path shorter, until none does.
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < order.length - 1; i += 1) {
      for (let j = i + 1; j < order.length; j += 1) {
        const candidate = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
        if (pathKm(start, stops, candidate) + 1e-9 < pathKm(start, stops, order)) {
          order.splice(0, order.length, ...candidate);
          improved = true;
        }
      }
    }
  }
  return order;
}

/** The order that visits every stop from `start` in the fewest straight-line km. */
export function planRoute(start: GeoPoint, stops: readonly GeoPoint[]): PlannedRoute {
  if (stops.length === 0) return { order: [], totalKm: 0 };
  const order = stops.length <= EXACT_ROUTE_MAX_STOPS ? exactOrder(start, stops) : heuristicOrder(start, stops);
  return { order, totalKm: pathKm(start, stops, order) };
}

/** A place a navigation link goes to: a point, or the address text when the point is unknown. */
export type NavigationTarget = GeoPoint | string;

const placeParam = (target: NavigationTarget) => (typeof target === 'string' ? target : `${target.lat},${target.lng}`);

/**
 * Google Maps' documented directions URL (https://developers.google.com/maps/documentation/urls/get-started#directions-action):
 * from the phone's position (none: Maps uses where the phone is) to `destination`, through `waypoints`.
 */
export function directionsUrl(destination: NavigationTarget, options: { origin?: NavigationTarget; waypoints?: readonly NavigationTarget[] } = {}): string {
  const params = new URLSearchParams({ api: '1', destination: placeParam(destination), travelmode: 'driving' });
  if (options.origin !== undefined) params.set('origin', placeParam(options.origin));
  if (options.waypoints && options.waypoints.length > 0) params.set('waypoints', options.waypoints.map(placeParam).join('|'));
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

/** The URL format takes at most this many waypoints between origin and destination. */
export const MAX_WAYPOINTS = 9;

/**
 * The whole route as navigation links: one while the stops fit one URL (up to 9 waypoints and
 * the destination), else legs, each starting where the one before ended.
 */
export function routeLinks(origin: GeoPoint | undefined, stops: readonly NavigationTarget[]): string[] {
  const links: string[] = [];
  let from: NavigationTarget | undefined = origin;
  for (let i = 0; i < stops.length; i += MAX_WAYPOINTS + 1) {
    const leg = stops.slice(i, i + MAX_WAYPOINTS + 1);
    const destination = leg[leg.length - 1]!;
    links.push(directionsUrl(destination, { ...(from !== undefined ? { origin: from } : {}), waypoints: leg.slice(0, -1) }));
    from = destination;
  }
  return links;
}
