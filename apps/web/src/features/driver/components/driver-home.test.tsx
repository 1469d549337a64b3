// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder } from '@/test/fixtures';
import { API, fakeApi, renderApp } from '@/test/render';
import { DriverHome } from './driver-home';

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
