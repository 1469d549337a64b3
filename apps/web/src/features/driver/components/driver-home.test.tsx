// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { directionsUrl } from '@app/shared/geo';
import { istDay } from '@app/shared/india-time';
import type { Order } from '@app/shared/schemas/orders';
import { session } from '@/lib/session';
import { fakeGeolocation, removeGeolocation } from '@/test/fake-geolocation';
import { anOrder, anOrderDetail, signInForTest } from '@/test/fixtures';
import { API, fakeApi, renderApp } from '@/test/render';
import { DriverHome } from './driver-home';
import type * as PickupCardModule from './pickup-card';
import type { PickupCardProps } from './pickup-card';

// Every card the board draws, counted (the real card still renders).
const cardRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./pickup-card', async (importOriginal) => {
  const actual = await importOriginal<typeof PickupCardModule>();
  return {
    PickupCard: (props: PickupCardProps) => {
      cardRenders.count += 1;
      return <actual.PickupCard {...props} />;
    },
  };
});

const pickup = (id: number) => anOrder({ id, status: 'pending', status_label: 'Pending', driver: null });

describe("the driver's pickups to take", () => {
  it('come oldest first, a page at a time, with "Show more" for the rest', async () => {
    const api = fakeApi({
      'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
      'GET /orders': (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const headers: Record<string, string> = { 'x-total-count': '3' };
        if (!cursor) headers.link = `<${API}/orders?cursor=page2>; rel="next"`;
        return Response.json(cursor ? [pickup(3)] : [pickup(1), pickup(2)], { headers });
      },
    });
    renderApp(<DriverHome />);
    expect(await screen.findByText('#00000001')).toBeTruthy();
    const first = api.calls().find((call) => call.startsWith('GET /orders?'))!;
    expect(new URL(first.slice(4), API).searchParams.get('ordering')).toBe('created_at');
    expect(new URL(first.slice(4), API).searchParams.get('status')).toBe('pending');
    expect(screen.queryByText('#00000003')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more (2 of 3)' }));
    expect(await screen.findByText('#00000003')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull());
  });
});

describe("the driver's board once the page has settled", () => {
  afterEach(() => void session.signOut('user'));

  it("fetches the held orders in full without drawing the board's cards again", async () => {
    signInForTest({ memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 });
    const held = [1, 2, 3].map((id) => anOrder({ id, status: 'accepted', status_label: 'Accepted' }));
    const api = fakeApi({
      'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
      'GET /orders': (request) => {
        const active = new URL(request.url).searchParams.get('driver_id') === '9';
        return Response.json(active ? held : [], { headers: { 'x-total-count': String(active ? held.length : 0) } });
      },
      ...Object.fromEntries(held.map((order) => [`GET /orders/${order.id}/`, { body: anOrderDetail({ ...order }) }])),
    });
    renderApp(<DriverHome />);
    expect(await screen.findByText('#00000003')).toBeTruthy();
    await waitFor(() => expect(api.calls()).toContain('GET /cities'));
    await waitFor(() => expect(screen.getAllByText(/Pune/).length).toBeGreaterThan(0));
    const drawn = cardRenders.count;
    // The page settles (the load event, 300 ms, an idle moment): each held order comes in full.
    await waitFor(() => expect(api.calls().filter((call) => /^GET \/orders\/\d+\/$/.test(call))).toHaveLength(3), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cardRenders.count).toBe(drawn);
  });
});

const CITIES = { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] };
const DRIVER = { memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 } as const;
const queryOf = (call: string) => new URL(call.slice(call.indexOf(' ') + 1), API).searchParams;
const pendingCalls = (api: { calls: () => string[] }) => api.calls().filter((call) => call.startsWith('GET /orders?') && queryOf(call).get('status') === 'pending');

/** A pickup to take at a store with a pin (or none) and a phone (or none). */
function pickupAt(id: number, location: Order['store']['location'], phone: string | null, extra: Partial<Order> = {}): Order {
  return anOrder({ id, status: 'pending', status_label: 'Pending', driver: null, store: { id, name: `Store ${id}`, address: `${id} FC Road`, phone, location, city_id: 3, vendor_id: 5 }, ...extra });
}
const pinned = pickupAt(11, { lat: 18.5204, lng: 73.8567 }, '+91 98200 00002');
const unpinned = pickupAt(12, null, null);

describe("the driver's position", () => {
  afterEach(() => {
    localStorage.clear();
    removeGeolocation();
  });

  it('is asked for only after "Use my position"; then the pickups come nearest first with km, Navigate and Call', async () => {
    const geo = fakeGeolocation();
    const api = fakeApi({
      'GET /cities': CITIES,
      'GET /orders': (request) => {
        const near = new URL(request.url).searchParams.get('near');
        const items = near ? [{ ...pinned, distance_km: 1.24 }, { ...unpinned, distance_km: null }] : [unpinned, pinned];
        return Response.json(items, { headers: { 'x-total-count': '2' } });
      },
    });
    renderApp(<DriverHome />);
    const ask = await screen.findByTestId('position-ask');
    expect(ask.textContent).toContain('Show the nearest pickups first?');
    expect(ask.textContent).toContain('Your position sorts pickups and plans your route. While you are on the way to a pickup, it is also shared with that store and the admins, and deleted a day after the pickup.');
    await screen.findByText('#00000011');
    expect(geo.watchPosition).not.toHaveBeenCalled();
    expect(queryOf(pendingCalls(api)[0]!).get('ordering')).toBe('created_at');

    fireEvent.click(within(ask).getByRole('button', { name: 'Use my position' }));
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('position-ask')).toBeNull();
    expect(screen.getByTestId('position-note').textContent).toBe('Finding where you are…');
    act(() => geo.move(18.5308, 73.8475));

    await waitFor(() => expect(pendingCalls(api).map((call) => queryOf(call).get('near'))).toContain('18.5308,73.8475'));
    const nearCall = pendingCalls(api).find((call) => queryOf(call).get('near'))!;
    expect(queryOf(nearCall).get('ordering')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('article').map((card) => card.getAttribute('data-order-id'))).toEqual(['11', '12']));
    const [first, second] = screen.getAllByRole('article');
    expect(within(first!).getByTestId('pickup-distance').textContent).toBe('1.2 km');
    expect(within(second!).getByTestId('pickup-distance').textContent).toBe('No location');
    expect(within(first!).getByRole('link', { name: 'Navigate' }).getAttribute('href')).toBe(directionsUrl({ lat: 18.5204, lng: 73.8567 }));
    expect(within(first!).getByRole('link', { name: 'Navigate' }).getAttribute('target')).toBe('_blank');
    expect(within(first!).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+919820000002');
    // No pin: Navigate goes by the address and city; no phone: no Call.
    expect(within(second!).getByRole('link', { name: 'Navigate' }).getAttribute('href')).toBe(directionsUrl('12 FC Road, Pune'));
    expect(within(second!).queryByRole('link', { name: 'Call' })).toBeNull();
    expect(screen.getByText('Pickups in your city, the nearest first. The first driver to accept gets it.')).toBeTruthy();
  });

  it('"Not now" is remembered on the device: no question and no browser prompt next time, and the small button asks again', async () => {
    const geo = fakeGeolocation();
    fakeApi({ 'GET /cities': CITIES, 'GET /orders': { body: [unpinned], headers: { 'x-total-count': '1' } } });
    const first = renderApp(<DriverHome />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.getByTestId('position-note').textContent).toContain('Pickups are listed by waiting time.');
    first.unmount();

    renderApp(<DriverHome />);
    await screen.findByText('#00000012');
    expect(screen.queryByTestId('position-ask')).toBeNull();
    expect(geo.watchPosition).not.toHaveBeenCalled();
    // No km line without a position: nothing waits for one.
    expect(screen.queryByTestId('pickup-distance')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nearest first' }));
    expect(screen.getByTestId('position-ask')).toBeTruthy();
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });

  it('a remembered yes asks the browser at once; a refusal is said in words and the list stays by waiting time', async () => {
    localStorage.setItem('position.choice', 'use');
    const geo = fakeGeolocation();
    const api = fakeApi({ 'GET /cities': CITIES, 'GET /orders': { body: [pinned], headers: { 'x-total-count': '1' } } });
    renderApp(<DriverHome />);
    await screen.findByText('#00000011');
    expect(screen.queryByTestId('position-ask')).toBeNull();
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    // The km line is kept while the position is on its way.
    expect(screen.getByTestId('pickup-distance').querySelector('.MuiSkeleton-root')).toBeTruthy();
    act(() => geo.fail(1));
    expect(screen.getByTestId('position-note').textContent).toBe('This browser does not allow your position (see its site settings). Pickups are listed by waiting time.');
    expect(screen.queryByTestId('pickup-distance')).toBeNull();
    expect(pendingCalls(api).every((call) => queryOf(call).get('near') === null)).toBe(true);
  });
});

describe("the driver's position while on the way to a pickup", () => {
  afterEach(() => {
    localStorage.clear();
    removeGeolocation();
    void session.signOut('user');
  });

  const onTheWay = () => {
    signInForTest(DRIVER);
    const store = { id: 41, name: 'Store 41', address: '41 FC Road', phone: null, location: { lat: 18.5, lng: 73.8 }, city_id: 3, vendor_id: 5 };
    fakeApi({
      'GET /cities': CITIES,
      'GET /orders': (request) =>
        Response.json(new URL(request.url).searchParams.get('driver_id') === '9' ? [anOrder({ id: 41, status: 'moving', store })] : [], { headers: { 'x-total-count': '1' } }),
    });
  };

  it('is asked for with the store\'s reason first, above the lists, once; "Use my position" asks the browser', async () => {
    const geo = fakeGeolocation();
    onTheWay();
    renderApp(<DriverHome />);
    await screen.findByText('#00000041');
    // One question, above both lists (a phone shows a moving driver the active tab), never the sorting one first.
    const ask = screen.getByTestId('position-ask');
    expect(ask.textContent).toContain('Let the store see you coming?');
    expect(ask.textContent).toContain('While you are on the way to a pickup, your position is shared with that store and the admins, and deleted a day after the pickup.');
    expect(screen.getAllByTestId('position-ask')).toHaveLength(1);
    expect(ask.closest('section[aria-labelledby="available-heading"]')).toBeNull();
    expect(geo.watchPosition).not.toHaveBeenCalled();

    fireEvent.click(within(ask).getByRole('button', { name: 'Use my position' }));
    expect(localStorage.getItem('position.choice')).toBe('use');
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
    act(() => geo.move(18.5308, 73.8475));
    expect(screen.getByTestId('position-note').textContent).toBe('Distances from where you are now; the store you are on the way to sees you coming.');
  });

  it('after an earlier "Not now" is asked once more; its own "Not now" leaves a line that offers it again', async () => {
    localStorage.setItem('position.choice', 'not-now');
    const geo = fakeGeolocation();
    onTheWay();
    renderApp(<DriverHome />);
    const ask = await screen.findByTestId('position-ask');
    expect(ask.textContent).toContain('Let the store see you coming?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('position-ask')).toBeNull();
    expect(screen.getByTestId('position-note').textContent).toContain('The store does not see you coming.');
    expect(localStorage.getItem('position.choice')).toBe('not-now');
    fireEvent.click(screen.getByRole('button', { name: 'Share my position' }));
    expect(screen.getByTestId('position-ask').textContent).toContain('Let the store see you coming?');
    expect(geo.watchPosition).not.toHaveBeenCalled();
  });
});

describe("the driver's cards", () => {
  afterEach(() => {
    localStorage.clear();
    void session.signOut('user');
  });

  it('show the pickup slot, and "Today" asks for the slots of India\'s today', async () => {
    const today = istDay(new Date());
    const api = fakeApi({
      'GET /cities': CITIES,
      'GET /orders': { body: [pickupAt(21, null, null, { pickup_slot: { date: today, from: '09:00', to: '12:00' } })], headers: { 'x-total-count': '1' } },
    });
    renderApp(<DriverHome />);
    expect((await screen.findByTestId('pickup-slot')).textContent).toBe('Slot: Today 09:00-12:00');
    fireEvent.click(screen.getByTestId('today-filter'));
    await waitFor(() => expect(pendingCalls(api).map((call) => queryOf(call).get('pickup_date'))).toContain(today));
    expect(screen.getByTestId('today-filter').getAttribute('aria-pressed')).toBe('true');
  });

  it("give the driver's own accepted and moving pickups Navigate and Call, and later steps neither", async () => {
    signInForTest(DRIVER);
    const store = { id: 31, name: 'Store 31', address: '31 FC Road', phone: '+919820000031', location: { lat: 18.5, lng: 73.8 }, city_id: 3, vendor_id: 5 };
    const held = [anOrder({ id: 31, status: 'accepted', store }), anOrder({ id: 32, status: 'moving', store }), anOrder({ id: 33, status: 'arrived', store })];
    fakeApi({
      'GET /cities': CITIES,
      'GET /orders': (request) => Response.json(new URL(request.url).searchParams.get('driver_id') === '9' ? held : [], { headers: { 'x-total-count': '3' } }),
    });
    renderApp(<DriverHome />);
    await screen.findByText('#00000033');
    const cards = screen.getAllByRole('article');
    const navigates = cards.map((card) => within(card).queryByRole('link', { name: 'Navigate' })?.getAttribute('href') ?? null);
    expect(navigates).toEqual([directionsUrl(store.location), directionsUrl(store.location), null]);
    expect(within(cards[1]!).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+919820000031');
  });
});
