// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDistance } from '@app/shared/format';
import { distanceKm } from '@app/shared/geo';
import type { DispatchDriver } from '@app/shared/schemas/dispatch';
import { addTranslations } from '@/lib/i18n';
import { anOrder } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { dispatchEn } from '../locales/en';
import { DriversPanel, type DriversPanelProps } from './drivers-panel';

addTranslations('dispatch', dispatchEn);

const STORE = { lat: 18.5204, lng: 73.8567 };
const NOW = Date.parse('2026-12-06T08:00:00.000Z');
const pickup = anOrder({
  id: 42,
  status: 'pending',
  status_label: 'Pending',
  driver: null,
  store: { id: 7, name: 'Deccan Scrap', address: 'FC Road', phone: null, location: STORE, city_id: 3, vendor_id: 5 },
});

const driver = (driver_id: number, name: string, place: { lat: number; lng: number } | null, orders: DispatchDriver['orders'] = []): DispatchDriver => ({
  driver_id,
  name,
  position: place ? { ...place, accuracy_m: 12, at: '2026-12-06T07:55:00.000Z' } : null,
  orders,
});

const far = driver(1, 'Amit', { lat: 18.4575, lng: 73.8508 }, [{ id: 77, status: 'moving' }]);
const near = driver(2, 'Zubin', { lat: 18.5308, lng: 73.8475 }, [{ id: 78, status: 'arrived' }]);
const lost = driver(3, 'Bela', null);

function show(props: Partial<DriversPanelProps> = {}) {
  const handlers = { onClear: vi.fn(), onSent: vi.fn() };
  renderApp(<DriversPanel drivers={[lost, far, near]} cityName="Pune" pickup={pickup} now={NOW} {...handlers} {...props} />);
  return handlers;
}

const rows = () => screen.getAllByTestId('dispatch-driver');

describe('the drivers for a chosen pickup', () => {
  it('come nearest first by the straight line to the store, the driver without a position last, saying so', () => {
    show();
    expect(screen.getByRole('heading', { name: 'Drivers nearest to Deccan Scrap' })).toBeTruthy();
    expect(rows().map((row) => row.getAttribute('data-driver-id'))).toEqual(['2', '1', '3']);
    const [first, second, third] = rows();
    expect(within(first!).getByTestId('driver-distance').textContent).toBe(`${formatDistance(distanceKm(near.position!, STORE))} away`);
    expect(within(second!).getByTestId('driver-distance').textContent).toBe(`${formatDistance(distanceKm(far.position!, STORE))} away`);
    expect(within(third!).queryByTestId('driver-distance')).toBeNull();
    expect(within(third!).getByTestId('driver-position').textContent).toBe('Position unknown');
    // What each holds, and when its position was taken (India time).
    expect(within(first!).getByTestId('driver-holds').textContent).toContain('Holds 1 order:#00000078');
    expect(within(first!).getByTestId('driver-position').textContent).toBe('Position at 13:25');
    expect(within(third!).getByTestId('driver-holds').textContent).toBe('Holds no order');
    // The nearest is the obvious choice; every driver can be chosen.
    expect(within(first!).getByRole('button', { name: 'Send to driver' }).className).toContain('contained');
    expect(within(third!).getByRole('button', { name: 'Send to driver' }).hasAttribute('disabled')).toBe(false);
  });

  it("sends the pickup as the order page's approval does: its lines and the driver", async () => {
    const bodies: unknown[] = [];
    const api = fakeApi({
      'PATCH /orders/waiting_driver/42/': async (request) => {
        bodies.push(await request.json());
        return Response.json({ ...pickup, status: 'waiting_driver', events: [], images: [] });
      },
    });
    const { onSent } = show();
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Send to driver' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(api.calls()).toEqual(['PATCH /orders/waiting_driver/42/']);
    expect(bodies).toEqual([
      {
        details: [
          { id: 101, material_id: 1, weight: 10.5 },
          { id: 102, material_id: 2, weight: 42.25 },
        ],
        driver_id: 2,
      },
    ]);
  });

  it("shows the API's refusal and stays on the pickup", async () => {
    fakeApi({ 'PATCH /orders/waiting_driver/42/': { status: 400, body: { detail: 'Invalid data', errors: { driver_id: ['This driver works in another city'] } } } });
    const { onSent } = show();
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Send to driver' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This driver works in another city');
    expect(onSent).not.toHaveBeenCalled();
  });

  it('lists the drivers by name without distances when the store has no pin, and says why', () => {
    show({ pickup: { ...pickup, store: { ...pickup.store, location: null } } });
    expect(screen.getByTestId('dispatch-store-no-pin').textContent).toContain('no distance can be measured');
    expect(rows().map((row) => row.getAttribute('data-driver-id'))).toEqual(['1', '3', '2']);
    expect(screen.queryAllByTestId('driver-distance')).toEqual([]);
  });

  it('cannot send an order a line of which has no weight, and says where to add it', () => {
    show({ pickup: { ...pickup, details: [{ ...pickup.details[0]!, weight: null }] } });
    expect(screen.getByTestId('dispatch-needs-weights').textContent).toContain('needs a weight');
    expect(within(screen.getByTestId('dispatch-needs-weights')).getByRole('link', { name: 'Open the order' }).getAttribute('href')).toBe('/Admin/Orders/OrderDetail?id=42');
    for (const button of screen.getAllByRole('button', { name: 'Send to driver' })) expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('the drivers without a chosen pickup', () => {
  it('are the city\'s, by name, with no send button', () => {
    show({ pickup: null });
    expect(screen.getByRole('heading', { name: 'Drivers in Pune' })).toBeTruthy();
    expect(rows().map((row) => row.getAttribute('data-driver-id'))).toEqual(['1', '3', '2']);
    expect(screen.queryByRole('button', { name: 'Send to driver' })).toBeNull();
    expect(screen.getByText(/Choose a pickup, in the list or on the map/)).toBeTruthy();
  });

  it('says so when the city has none', () => {
    show({ drivers: [], pickup: null });
    expect(screen.getByText('No drivers in Pune')).toBeTruthy();
    expect(screen.queryByText(/Choose a pickup/)).toBeNull();
  });
});
