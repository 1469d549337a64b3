// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import type { Order } from '@app/shared/schemas/orders';
import type { PlacesMapProps } from '@/components/map/lazy-map';
import { anOrder } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { DispatchView } from './dispatch-view';

// The map kit draws (components/map); here only what the page hands it.
const maps = vi.hoisted(() => ({ last: null as PlacesMapProps | null }));
vi.mock('@/components/map/lazy-map', () => ({
  PlacesMap: (props: PlacesMapProps) => {
    maps.last = props;
    return <div data-testid="map" />;
  },
}));

const PUNE = { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } };
const NASHIK = { id: 4, name: 'Nashik', state: { id: 1, name: 'Maharashtra' } };

const pickup = (id: number, store: string, location: { lat: number; lng: number } | null, created_at: string): Order =>
  anOrder({
    id,
    status: 'pending',
    status_label: 'Pending',
    driver: null,
    created_at,
    pickup_slot: id === 51 ? { date: '2026-12-06', from: '09:00', to: '12:00' } : null,
    store: { id, name: store, address: `${store} Road`, phone: null, location, city_id: 3, vendor_id: 5 },
  });

const oldest = pickup(51, 'Deccan Scrap', { lat: 18.5204, lng: 73.8567 }, '2026-12-06T02:00:00.000Z');
const unpinned = pickup(52, 'Pinless Scrap', null, '2026-12-06T03:00:00.000Z');
const newest = pickup(53, 'Katraj Scrap', { lat: 18.4575, lng: 73.8508 }, '2026-12-06T04:00:00.000Z');

const ravi: DispatchDriver = { driver_id: 9, name: 'Ravi', position: { lat: 18.5308, lng: 73.8475, accuracy_m: 10, at: '2026-12-06T04:30:00.000Z' }, orders: [{ id: 70, status: 'moving' }] };
const meena: DispatchDriver = { driver_id: 10, name: 'Meena', position: null, orders: [] };

function serve({ orders, drivers }: { orders: () => Order[]; drivers: () => DispatchDriver[] }) {
  return fakeApi({
    'GET /cities': { body: [PUNE, NASHIK] },
    'GET /orders': () => Response.json(orders(), { headers: { 'x-total-count': String(orders().length) } }),
    'GET /drivers/positions': () => Response.json(drivers()),
    'PATCH /orders/waiting_driver/51/': () => Response.json({ ...oldest, status: 'waiting_driver', events: [], images: [] }),
  });
}

const query = (call: string) => new URL(call.slice(call.indexOf(' ') + 1), 'http://x').searchParams;

describe('the dispatch page', () => {
  beforeEach(() => {
    maps.last = null;
  });

  it('asks for a city first and asks the API nothing else', async () => {
    const api = serve({ orders: () => [], drivers: () => [] });
    renderApp(<DispatchView />, { route: '/Admin/Dispatch' });
    expect(await screen.findByText('Choose a city')).toBeTruthy();
    expect(api.calls().filter((call) => !call.startsWith('GET /cities'))).toEqual([]);
  });

  it('keeps the chosen city in the address', async () => {
    serve({ orders: () => [], drivers: () => [] });
    const { location } = renderApp(<DispatchView />, { route: '/Admin/Dispatch' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'City' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pune, Maharashtra' }));
    await waitFor(() => expect(location()).toBe('/Admin/Dispatch?city_id=3'));
    expect(await screen.findByText('No pending pickups in Pune')).toBeTruthy();
  });

  it("says so when the city has no pending pickup and no driver, and asks for that city's pending orders, oldest first", async () => {
    const api = serve({ orders: () => [], drivers: () => [] });
    renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    expect(await screen.findByText('No pending pickups in Pune')).toBeTruthy();
    expect(await screen.findByText('No drivers in Pune')).toBeTruthy();
    const orders = query(api.calls().find((call) => call.startsWith('GET /orders?'))!);
    expect(Object.fromEntries(orders)).toEqual({ status: 'pending', city_id: '3', ordering: 'created_at', limit: '100' });
    expect(api.calls()).toContain('GET /drivers/positions?city_id=3');
    expect(maps.last?.points).toEqual([]);
    expect(maps.last?.city).toBe('Pune');
  });

  it('lists the pickups oldest first, numbered as on the map, and puts pickups and drivers on the map by kind', async () => {
    serve({ orders: () => [oldest, unpinned, newest], drivers: () => [ravi, meena] });
    renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    const items = await screen.findAllByTestId('dispatch-pickup');
    expect(items.map((item) => item.getAttribute('data-order-id'))).toEqual(['51', '52', '53']);
    expect(within(items[0]!).getByTestId('pickup-slot').textContent).toMatch(/^Slot: .*09:00-12:00$/);
    expect(within(items[2]!).getByTestId('pickup-slot').textContent).toBe('Slot: any time in the pickup window');
    expect(within(items[0]!).getByTestId('pickup-age').textContent).toMatch(/^Waiting \d+ (hour|hours|day|days)$/);
    expect(within(items[1]!).getByTestId('pickup-no-pin').textContent).toBe('No pin: not on the map');
    expect(screen.getByTestId('dispatch-unpinned').textContent).toBe('1 pickup without a pin is listed but not on the map.');

    await waitFor(() => expect(maps.last?.points).toHaveLength(3));
    const points = maps.last!.points;
    expect(points.map((point) => [point.kind, point.id, point.label, point.tag, point.selected])).toEqual([
      ['pickup', 'order:51', '1', 'Deccan Scrap', false],
      ['pickup', 'order:53', '3', 'Katraj Scrap', false],
      ['driver', 'driver:9', undefined, 'Ravi', undefined],
    ]);
    expect(points[2]!.title).toBe('Driver Ravi: holds #00000070');
    expect(screen.getByRole('heading', { name: 'Drivers in Pune' })).toBeTruthy();
  });

  it('chooses a pickup from the list or the map, and then lists the drivers nearest first', async () => {
    serve({ orders: () => [oldest, unpinned, newest], drivers: () => [meena, ravi] });
    renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    const items = await screen.findAllByTestId('dispatch-pickup');
    fireEvent.click(within(items[0]!).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Drivers nearest to Deccan Scrap' })).toBeTruthy();
    expect(within(items[0]!).getByRole('button').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('dispatch-driver').map((row) => row.getAttribute('data-driver-id'))).toEqual(['9', '10']);
    expect(maps.last!.points.find((point) => point.id === 'order:51')?.selected).toBe(true);

    // A click on the other pickup's marker chooses it instead.
    act(() => maps.last!.onSelect!(maps.last!.points.find((point) => point.id === 'order:53')!));
    expect(await screen.findByRole('heading', { name: 'Drivers nearest to Katraj Scrap' })).toBeTruthy();
    // Drivers are not chosen by the map.
    act(() => maps.last!.onSelect!(maps.last!.points.find((point) => point.id === 'driver:9')!));
    expect(screen.getByRole('heading', { name: 'Drivers nearest to Katraj Scrap' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to all drivers' }));
    expect(await screen.findByRole('heading', { name: 'Drivers in Pune' })).toBeTruthy();
  });

  it('sends the chosen pickup to a driver; the pickup leaves the list and what the driver holds is asked again', async () => {
    let sent = false;
    const api = serve({ orders: () => (sent ? [newest] : [oldest, newest]), drivers: () => [ravi, meena] });
    renderApp(<DispatchView />, { route: '/Admin/Dispatch?city_id=3' });
    fireEvent.click(within((await screen.findAllByTestId('dispatch-pickup'))[0]!).getByRole('button'));
    const nearest = (await screen.findAllByTestId('dispatch-driver'))[0]!;
    expect(nearest.getAttribute('data-driver-id')).toBe('9');
    const before = api.calls().filter((call) => call.startsWith('GET /drivers/positions')).length;
    sent = true;
    fireEvent.click(within(nearest).getByRole('button', { name: 'Send to driver' }));
    await waitFor(() => expect(screen.getAllByTestId('dispatch-pickup').map((item) => item.getAttribute('data-order-id'))).toEqual(['53']));
    expect(screen.getByRole('heading', { name: 'Drivers in Pune' })).toBeTruthy();
    expect(api.calls()).toContain('PATCH /orders/waiting_driver/51/');
    await waitFor(() => expect(api.calls().filter((call) => call.startsWith('GET /drivers/positions')).length).toBeGreaterThan(before));
  });
});
