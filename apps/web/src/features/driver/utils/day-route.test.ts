import { describe, expect, it } from 'vitest';
import { distanceKm, planRoute, type GeoPoint } from '@app/shared/geo';
import type { Order } from '@app/shared/schemas/orders';
import { anOrder } from '@/test/fixtures';
import { planDayRoute } from './day-route';

const storeAt = (id: number, location: GeoPoint | null, status: Order['status'] = 'accepted') =>
  anOrder({ id, status, store: { id, name: `Store ${id}`, address: `${id} MG Road`, phone: null, location, city_id: 3, vendor_id: 5 } });

// Pune, the driver at Shivaji Nagar.
const here = { lat: 18.5308, lng: 73.8475 };
const far = storeAt(1, { lat: 18.4575, lng: 73.8508 }); // Katraj, ~8 km south
const near = storeAt(2, { lat: 18.5362, lng: 73.8937 }); // Koregaon Park, ~5 km east
const nearest = storeAt(3, { lat: 18.5204, lng: 73.8567 }); // Deccan, ~1.5 km

describe("the day's route", () => {
  it('numbers the stops in planRoute order from the position, with the total and each leg', () => {
    const orders = [far, near, nearest];
    const route = planDayRoute(orders, here);
    const plan = planRoute(here, orders.map((order) => order.store.location!));
    expect(route.stops.map((stop) => stop.order.id)).toEqual(plan.order.map((index) => orders[index]!.id));
    expect(route.stops.map((stop) => stop.number)).toEqual([1, 2, 3]);
    expect(route.stops[0]!.order.id).toBe(3);
    expect(route.totalKm).toBeCloseTo(plan.totalKm, 9);
    expect(route.stops[0]!.fromPreviousKm).toBeCloseTo(distanceKm(here, nearest.store.location!), 9);
    expect(route.stops[1]!.fromPreviousKm).toBeCloseTo(distanceKm(route.stops[0]!.location, route.stops[1]!.location), 9);
    expect(route.stops.reduce((km, stop) => km + stop.fromPreviousKm!, 0)).toBeCloseTo(route.totalKm, 9);
    expect(route.start).toBe('position');
  });

  it('gives one link from the position through every stop, in order', () => {
    const route = planDayRoute([far, near, nearest], here);
    expect(route.links).toHaveLength(1);
    const url = new URL(route.links[0]!);
    expect(url.searchParams.get('origin')).toBe(`${here.lat},${here.lng}`);
    const [first, second, last] = route.stops.map((stop) => `${stop.location.lat},${stop.location.lng}`);
    expect(url.searchParams.get('waypoints')).toBe(`${first}|${second}`);
    expect(url.searchParams.get('destination')).toBe(last);
  });

  it('without a position starts at the pickup being driven to, and says so', () => {
    const moving = storeAt(4, { lat: 18.4575, lng: 73.8508 }, 'moving');
    const route = planDayRoute([near, nearest, moving], null);
    expect(route.start).toBe('first-stop');
    expect(route.stops[0]!.order.id).toBe(4);
    expect(route.stops[0]!.fromPreviousKm).toBeNull();
    const rest = planRoute(moving.store.location!, [near, nearest].map((order) => order.store.location!));
    expect(route.totalKm).toBeCloseTo(rest.totalKm, 9);
    expect(new URL(route.links[0]!).searchParams.get('origin')).toBeNull();
  });

  it('keeps stores without a pin out of the route, and other statuses off it', () => {
    const unpinned = storeAt(5, null);
    const arrived = storeAt(6, { lat: 18.53, lng: 73.85 }, 'arrived');
    const route = planDayRoute([unpinned, nearest, arrived], here);
    expect(route.stops.map((stop) => stop.order.id)).toEqual([3]);
    expect(route.unplaced.map((order) => order.id)).toEqual([5]);
  });

  it('splits a long day into legs, each starting where the one before ended', () => {
    const orders = Array.from({ length: 14 }, (_, i) => storeAt(10 + i, { lat: 18.45 + i * 0.01, lng: 73.85 }));
    const route = planDayRoute(orders, here);
    expect(route.stops).toHaveLength(14);
    expect(route.links).toHaveLength(2);
    const [leg1, leg2] = route.links.map((link) => new URL(link).searchParams);
    expect(leg1!.get('waypoints')!.split('|')).toHaveLength(9);
    const tenth = route.stops[9]!.location;
    expect(leg1!.get('destination')).toBe(`${tenth.lat},${tenth.lng}`);
    expect(leg2!.get('origin')).toBe(`${tenth.lat},${tenth.lng}`);
  });
});
