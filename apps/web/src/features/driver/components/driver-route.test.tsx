// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDistance } from '@app/shared/format';
import { distanceKm, planRoute, routeLinks, type GeoPoint } from '@app/shared/geo';
import type { Order } from '@app/shared/schemas/orders';
import type { PlacesMapProps } from '@/components/map/lazy-map';
import { ordersQuery } from '@/data/orders';
import { session } from '@/lib/session';
import { fakeGeolocation, removeGeolocation } from '@/test/fake-geolocation';
import { anOrder, signInForTest } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { DriverRoute } from './driver-route';

// The map kit is the map helper's (components/map): here only what the route hands it.
const maps = vi.hoisted(() => ({ last: null as PlacesMapProps | null }));
// What waits in the driver's outbox (features/driver/outbox), as the test sets it.
const outbox = vi.hoisted(() => ({ entries: [] as Array<{ orderId: number; step: { kind: string }; refusal?: unknown }> }));
vi.mock('../outbox/driver-outbox-instance', () => ({ useDriverOutbox: () => outbox }));
vi.mock('@/components/map/lazy-map', () => ({
  PlacesMap: (props: PlacesMapProps) => {
    maps.last = props;
    return <div data-testid="map" />;
  },
}));

const held = (id: number, location: GeoPoint | null, status: Order['status'] = 'accepted') =>
  anOrder({ id, status, store: { id, name: `Store ${id}`, address: `${id} MG Road`, phone: '+919820000000', location, city_id: 3, vendor_id: 5 } });

const here = { lat: 18.5308, lng: 73.8475 };
const far = held(1, { lat: 18.4575, lng: 73.8508 });
const nearest = held(2, { lat: 18.5204, lng: 73.8567 }, 'moving');
const unpinned = held(3, null);
const arrived = held(4, { lat: 18.53, lng: 73.85 }, 'arrived');

function answer(orders: Order[]) {
  return fakeApi({
    'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
    'GET /orders': { body: orders, headers: { 'x-total-count': String(orders.length) } },
  });
}

describe("the driver's route", () => {
  beforeEach(() => {
    signInForTest({ memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 });
    maps.last = null;
    outbox.entries = [];
  });
  afterEach(() => {
    void session.signOut('user');
    localStorage.clear();
    removeGeolocation();
  });

  it('numbers the accepted and moving stops from the position, with the total, one link and the map', async () => {
    localStorage.setItem('position.choice', 'use');
    const geo = fakeGeolocation();
    const api = answer([far, nearest, unpinned, arrived]);
    renderApp(<DriverRoute />);
    await screen.findAllByTestId('route-stop');
    act(() => geo.move(here.lat, here.lng));
    const status = new URL(api.calls().find((call) => call.startsWith('GET /orders?'))!.slice(4), 'http://x').searchParams;
    expect(status.get('driver_id')).toBe('9');

    const stops = screen.getAllByTestId('route-stop');
    const plan = planRoute(here, [far, nearest].map((order) => order.store.location!));
    const expected = plan.order.map((index) => [far, nearest][index]!);
    expect(stops.map((stop) => stop.getAttribute('data-order-id'))).toEqual(expected.map((order) => String(order.id)));
    expect(stops.map((stop) => within(stop).getByTestId('stop-number').textContent)).toEqual(['1', '2']);
    expect(within(stops[0]!).getByTestId('stop-distance').textContent).toBe(`${formatDistance(distanceKm(here, expected[0]!.store.location!))} from you`);
    expect(within(stops[1]!).getByTestId('stop-distance').textContent).toBe(`${formatDistance(distanceKm(expected[0]!.store.location!, expected[1]!.store.location!))} from stop 1`);
    expect(screen.getByTestId('route-total').textContent).toBe(`${formatDistance(plan.totalKm)} in all`);
    expect(screen.getByTestId('route-total').textContent).toMatch(/^\d+\.\d km in all$/);

    const links = screen.getAllByTestId('route-link');
    expect(links).toHaveLength(1);
    expect(links[0]!.textContent).toBe('Open the whole route');
    expect(links[0]!.getAttribute('href')).toBe(routeLinks(here, expected.map((order) => order.store.location!))[0]);

    // Without a pin: listed after the route, navigated by address; arrived: not on the route.
    const [unplaced] = screen.getAllByTestId('route-unplaced');
    expect(unplaced!.getAttribute('data-order-id')).toBe('3');
    expect(screen.getByText('No location: not in the route')).toBeTruthy();
    expect(within(unplaced!).getByRole('link', { name: 'Navigate' }).getAttribute('href')).toContain('destination=3+MG+Road%2C+Pune');
    expect(document.querySelector('[data-order-id="4"]')).toBeNull();

    expect(maps.last?.points.map((point) => [point.label, point.lat, point.lng])).toEqual(expected.map((order, i) => [String(i + 1), order.store.location!.lat, order.store.location!.lng]));
    expect(maps.last?.origin).toEqual({ lat: here.lat, lng: here.lng });
  });

  it('without a position starts at the pickup being driven to, and says so', async () => {
    localStorage.setItem('position.choice', 'not-now');
    answer([far, nearest]);
    renderApp(<DriverRoute />);
    const stops = await screen.findAllByTestId('route-stop');
    expect(stops.map((stop) => stop.getAttribute('data-order-id'))).toEqual(['2', '1']);
    expect(within(stops[0]!).getByTestId('stop-distance').textContent).toBe('Start here');
    expect(screen.getByTestId('position-note').textContent).toContain('Without your position the route starts at stop 1.');
    expect(maps.last?.origin).toBeUndefined();
  });

  it('splits a long day into legs', async () => {
    localStorage.setItem('position.choice', 'not-now');
    answer(Array.from({ length: 12 }, (_, i) => held(10 + i, { lat: 18.45 + i * 0.01, lng: 73.85 })));
    renderApp(<DriverRoute />);
    await screen.findAllByTestId('route-stop');
    expect(screen.getAllByTestId('route-link').map((link) => link.textContent)).toEqual(['Leg 1', 'Leg 2']);
  });

  it("takes the outbox's waiting steps: an accept made offline joins the route, an arrival leaves it", async () => {
    localStorage.setItem('position.choice', 'not-now');
    const acceptedOffline = anOrder({ ...held(7, { lat: 18.5, lng: 73.86 }), status: 'pending' });
    outbox.entries = [
      { orderId: 7, step: { kind: 'accepted' } },
      { orderId: 1, step: { kind: 'moving' } },
      { orderId: 1, step: { kind: 'arrived' } },
    ];
    fakeApi({
      'GET /cities': { body: [] },
      'GET /orders': (request) => {
        const items = new URL(request.url).searchParams.get('driver_id') === '9' ? [far, nearest] : [acceptedOffline];
        return Response.json(items, { headers: { 'x-total-count': String(items.length) } });
      },
    });
    // The board listed the pickup before it was accepted offline.
    const { queryClient } = renderApp(<DriverRoute />);
    await queryClient.prefetchQuery(ordersQuery({ status: ['pending'] }));
    await waitFor(() => expect(screen.getAllByTestId('route-stop').map((stop) => stop.getAttribute('data-order-id')).sort()).toEqual(['2', '7']));
  });

  it('says when there is nothing to visit, with the way back to the pickups', async () => {
    answer([arrived]);
    renderApp(<DriverRoute />);
    expect(await screen.findByText('No pickups to visit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to pickups' }).getAttribute('href')).toBe('/Driver/Home');
  });
});
