import { distanceKm, planRoute, routeLinks, type GeoPoint } from '@app/shared/geo';
import type { Order } from '@app/shared/schemas/orders';

// The day's route (design.md section 18, decision 072): the driver's accepted and moving
// pickups in the order that makes the shortest drive from where the phone is, as an open
// path (a driver does not drive back to the start). Without a position it starts at the
// first stop: the pickup the driver is moving to, else the one accepted first.

export interface RouteStop {
  order: Order;
  /** 1, 2, ...: the order to visit. */
  number: number;
  location: GeoPoint;
  /** Straight-line km from the stop before (the phone's position for the first); null for a first stop that is the start. */
  fromPreviousKm: number | null;
}

export interface DayRoute {
  stops: RouteStop[];
  /** Stores without a pin: listed, navigated to by address, not in the route. */
  unplaced: Order[];
  /** From the start through every stop. */
  totalKm: number;
  /** One multi-stop navigation link, or legs when the stops do not fit one. */
  links: string[];
  /** Where the numbering starts from. */
  start: 'position' | 'first-stop';
}

/** The statuses on the route: accepted (to drive to) and moving (driving there). */
export const ROUTE_STATUSES = ['accepted', 'moving'] as const;

export function planDayRoute(orders: readonly Order[], position: GeoPoint | null): DayRoute {
  const onRoute = orders.filter((order) => (ROUTE_STATUSES as readonly string[]).includes(order.status));
  const placed = onRoute.filter((order) => order.store.location !== null);
  const unplaced = onRoute.filter((order) => order.store.location === null);
  const at = (order: Order) => order.store.location!;

  let visit: Order[];
  let totalKm: number;
  if (position) {
    const plan = planRoute(position, placed.map(at));
    visit = plan.order.map((index) => placed[index]!);
    totalKm = plan.totalKm;
  } else {
    // Stable: the moving pickup first, else the list's order (oldest accepted first).
    const [first, ...rest] = [...placed].sort((a, b) => Number(b.status === 'moving') - Number(a.status === 'moving'));
    const plan = first ? planRoute(at(first), rest.map(at)) : { order: [], totalKm: 0 };
    visit = first ? [first, ...plan.order.map((index) => rest[index]!)] : [];
    totalKm = plan.totalKm;
  }

  const stops = visit.map((order, index): RouteStop => {
    const before = index === 0 ? position : at(visit[index - 1]!);
    return { order, number: index + 1, location: at(order), fromPreviousKm: before ? distanceKm(before, at(order)) : null };
  });
  return { stops, unplaced, totalKm, links: routeLinks(position ?? undefined, stops.map((stop) => stop.location)), start: position ? 'position' : 'first-stop' };
}
