// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@app/shared/order-status';
import { session } from '@/lib/session';
import { fakeGeolocation, removeGeolocation } from '@/test/fake-geolocation';
import { anOrder, signInForTest } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { PositionSharing } from './position-sharing';

// The driver section's gate (mounted once by its layout): the position goes to the API only
// with the driver's yes and while a held order is moving; a 409 stops it and asks the orders again.

const DRIVER = { memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 } as const;

function driverWith(statuses: OrderStatus[], position: { status: number } = { status: 204 }) {
  signInForTest(DRIVER);
  const held = statuses.map((status, i) => anOrder({ id: 50 + i, status }));
  return fakeApi({
    'GET /orders': (request) => Response.json(new URL(request.url).searchParams.get('driver_id') === '9' ? held : [], { headers: { 'x-total-count': String(held.length) } }),
    'POST /drivers/me/position': position.status === 204 ? { status: 204 } : { status: position.status, body: { detail: 'You have no pickup on the way' } },
  });
}
const posts = (api: { calls: () => string[] }) => api.calls().filter((call) => call === 'POST /drivers/me/position');
const orderReads = (api: { calls: () => string[] }) => api.calls().filter((call) => call.startsWith('GET /orders?'));

describe("the driver's position for the store it is on the way to", () => {
  afterEach(() => {
    localStorage.clear();
    removeGeolocation();
    void session.signOut('user');
  });

  it('is sent once the driver said yes and an order is moving', async () => {
    localStorage.setItem('position.choice', 'use');
    const geo = fakeGeolocation();
    const api = driverWith(['accepted', 'moving']);
    renderApp(<PositionSharing />);
    await waitFor(() => expect(geo.watchPosition).toHaveBeenCalledTimes(1));
    act(() => geo.move(18.5308, 73.8475));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const body = (await api.requests.find((request) => request.method === 'POST')!.clone().json()) as Record<string, unknown>;
    expect(body).toMatchObject({ lat: 18.5308, lng: 73.8475, accuracy_m: 10 });
  });

  it('is not followed without a moving order, nor without the yes', async () => {
    localStorage.setItem('position.choice', 'use');
    const geo = fakeGeolocation();
    const accepted = driverWith(['accepted', 'arrived']);
    const first = renderApp(<PositionSharing />);
    await waitFor(() => expect(orderReads(accepted)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(geo.watchPosition).not.toHaveBeenCalled();
    first.unmount();

    localStorage.setItem('position.choice', 'not-now');
    const moving = driverWith(['moving']);
    renderApp(<PositionSharing />);
    await waitFor(() => expect(orderReads(moving)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(geo.watchPosition).not.toHaveBeenCalled();
    expect(posts(moving)).toHaveLength(0);
  });

  it('stops on 409 and asks the held orders again; the same list does not start it over', async () => {
    localStorage.setItem('position.choice', 'use');
    const geo = fakeGeolocation();
    const api = driverWith(['moving'], { status: 409 });
    renderApp(<PositionSharing />);
    await waitFor(() => expect(geo.watchPosition).toHaveBeenCalledTimes(1));
    act(() => geo.move(18.5308, 73.8475));
    await waitFor(() => expect(orderReads(api)).toHaveLength(2));
    expect(posts(api)).toHaveLength(1);
    expect(geo.clearWatch).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(geo.watchPosition).toHaveBeenCalledTimes(1);
  });
});
