// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
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
