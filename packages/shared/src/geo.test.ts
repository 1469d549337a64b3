import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, EXACT_ROUTE_MAX_STOPS, MAX_WAYPOINTS, directionsUrl, distanceKm, isInIndia, planRoute, routeLinks, type GeoPoint } from './geo';

const PUNE: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const MUMBAI: GeoPoint = { lat: 19.076, lng: 72.8777 };

/** A place in India, to 6 decimals as the API keeps them. */
const pointInIndia = fc.record({ lat: fc.integer({ min: 6_000_000, max: 38_000_000 }), lng: fc.integer({ min: 68_000_000, max: 98_000_000 }) }).map((p) => ({ lat: p.lat / 1e6, lng: p.lng / 1e6 }));
/** A place within a city's reach of Pune (about 50 km), where a day's stops are. */
const pointNearPune = fc.record({ dLat: fc.integer({ min: -45_000, max: 45_000 }), dLng: fc.integer({ min: -45_000, max: 45_000 }) }).map((d) => ({ lat: PUNE.lat + d.dLat / 1e5, lng: PUNE.lng + d.dLng / 1e5 }));

function pathKm(start: GeoPoint, stops: readonly GeoPoint[], order: readonly number[]): number {
  let km = 0;
  let at = start;
  for (const i of order) {
    km += distanceKm(at, stops[i]!);
    at = stops[i]!;
  }
  return km;
}

function* permutations(items: number[]): Generator<number[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i += 1) {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) yield [items[i]!, ...rest];
  }
}

/** Every order tried: the shortest path from `start` through all the stops. */
function bruteForceKm(start: GeoPoint, stops: readonly GeoPoint[]): number {
  let best = Infinity;
  for (const order of permutations(stops.map((_, i) => i))) best = Math.min(best, pathKm(start, stops, order));
  return stops.length === 0 ? 0 : best;
}

/** Always the nearest stop not yet visited (the lowest index on a tie). */
function nearestNeighbourKm(start: GeoPoint, stops: readonly GeoPoint[]): number {
  const left = stops.map((_, i) => i);
  const order: number[] = [];
  let at = start;
  while (left.length > 0) {
    let pick = 0;
    for (let k = 1; k < left.length; k += 1) if (distanceKm(at, stops[left[k]!]!) < distanceKm(at, stops[left[pick]!]!)) pick = k;
    const [next] = left.splice(pick, 1);
    order.push(next!);
    at = stops[next!]!;
  }
  return pathKm(start, stops, order);
}

const isPermutation = (order: readonly number[], n: number) => order.length === n && [...order].sort((a, b) => a - b).every((v, i) => v === i);

describe('distanceKm', () => {
  it('measures a degree of latitude as the radius says, and Pune to Mumbai as a map does', () => {
    expect(distanceKm({ lat: 10, lng: 77 }, { lat: 11, lng: 77 })).toBeCloseTo((EARTH_RADIUS_KM * Math.PI) / 180, 9);
    // About 120 km as the crow flies.
    expect(distanceKm(PUNE, MUMBAI)).toBeGreaterThan(118);
    expect(distanceKm(PUNE, MUMBAI)).toBeLessThan(122);
    expect(distanceKm(PUNE, PUNE)).toBe(0);
  });

  it('is symmetric and obeys the triangle inequality', () => {
    fc.assert(
      fc.property(pointInIndia, pointInIndia, pointInIndia, (a, b, c) => {
        expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
        expect(distanceKm(a, c)).toBeLessThanOrEqual(distanceKm(a, b) + distanceKm(b, c) + 1e-9);
      }),
    );
  });

  it('knows India\'s bounds', () => {
    expect(isInIndia(PUNE)).toBe(true);
    expect(isInIndia({ lat: 40, lng: 75 })).toBe(false);
    expect(isInIndia({ lat: 20, lng: 99 })).toBe(false);
    expect(isInIndia({ lat: Number.NaN, lng: 75 })).toBe(false);
  });
});

describe('planRoute', () => {
  it('finds the shortest order exactly for up to 7 stops (against every order)', () => {
    fc.assert(
      fc.property(pointNearPune, fc.array(pointNearPune, { minLength: 0, maxLength: 7 }), (start, stops) => {
        const route = planRoute(start, stops);
        expect(isPermutation(route.order, stops.length)).toBe(true);
        expect(route.totalKm).toBeCloseTo(pathKm(start, stops, route.order), 9);
        expect(route.totalKm).toBeCloseTo(bruteForceKm(start, stops), 9);
      }),
      { numRuns: 150 },
    );
  });

  it('is exact up to its limit, and beyond it never longer than nearest neighbour (11 to 15 stops)', () => {
    expect(EXACT_ROUTE_MAX_STOPS).toBe(10);
    fc.assert(
      fc.property(pointNearPune, fc.array(pointNearPune, { minLength: 11, maxLength: 15 }), (start, stops) => {
        const route = planRoute(start, stops);
        expect(isPermutation(route.order, stops.length)).toBe(true);
        expect(route.totalKm).toBeCloseTo(pathKm(start, stops, route.order), 9);
        expect(route.totalKm).toBeLessThanOrEqual(nearestNeighbourKm(start, stops) + 1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it('plans nothing for no stops', () => {
    expect(planRoute(PUNE, [])).toEqual({ order: [], totalKm: 0 });
  });
});

describe('navigation links', () => {
  const paramsOf = (url: string) => {
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://www.google.com/maps/dir/');
    expect(parsed.searchParams.get('api')).toBe('1');
    return parsed.searchParams;
  };

  it('goes to a point by its degrees, and falls back to the address text', () => {
    expect(paramsOf(directionsUrl(PUNE)).get('destination')).toBe('18.5204,73.8567');
    const byAddress = paramsOf(directionsUrl('12 MG Road, Camp, Pune 411001'));
    expect(byAddress.get('destination')).toBe('12 MG Road, Camp, Pune 411001');
    expect(byAddress.get('travelmode')).toBe('driving');
    // With no origin, Maps starts from where the phone is.
    expect(byAddress.has('origin')).toBe(false);
    const mixed = paramsOf(directionsUrl(MUMBAI, { origin: PUNE, waypoints: ['Lonavala market', { lat: 18.75, lng: 73.4 }] }));
    expect(mixed.get('origin')).toBe('18.5204,73.8567');
    expect(mixed.get('waypoints')).toBe('Lonavala market|18.75,73.4');
  });

  it('splits 12 stops into 2 legs of at most 9 waypoints, the second starting where the first ended', () => {
    const stops: GeoPoint[] = Array.from({ length: 12 }, (_, i) => ({ lat: 18.5 + i / 100, lng: 73.8 + i / 100 }));
    const place = (p: GeoPoint) => `${p.lat},${p.lng}`;
    const links = routeLinks(PUNE, stops);
    expect(links).toHaveLength(2);
    const [first, second] = links.map(paramsOf) as [URLSearchParams, URLSearchParams];
    for (const leg of [first, second]) expect((leg.get('waypoints') ?? '').split('|').filter(Boolean).length).toBeLessThanOrEqual(MAX_WAYPOINTS);
    expect(first.get('origin')).toBe(place(PUNE));
    expect(second.get('origin')).toBe(first.get('destination'));
    // Every stop once, in the order given.
    const visited = [first, second].flatMap((leg) => [...(leg.get('waypoints') ?? '').split('|').filter(Boolean), leg.get('destination')!]);
    expect(visited).toEqual(stops.map(place));
  });

  it('fits a short route in one link, and makes none for no stops', () => {
    expect(routeLinks(undefined, [PUNE, MUMBAI])).toHaveLength(1);
    expect(paramsOf(routeLinks(undefined, [PUNE, MUMBAI])[0]!).has('origin')).toBe(false);
    expect(routeLinks(PUNE, Array.from({ length: MAX_WAYPOINTS + 1 }, () => MUMBAI))).toHaveLength(1);
    expect(routeLinks(PUNE, [])).toEqual([]);
  });
});
