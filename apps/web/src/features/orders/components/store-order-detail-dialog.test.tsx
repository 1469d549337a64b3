// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEventLine } from '@app/shared/schemas/orders';
import { anOrderDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { StoreOrderDetailDialog } from './store-order-detail-dialog';

const estimate: OrderEventLine = { id: 101, material_id: 1, material_name: 'Copper', weight: 8, rate: 375.27, driver_rate: 360, amount: 3002.16 };
const weighed: OrderEventLine = { ...estimate, weight: 10.5, amount: 3940.34 };

const order = anOrderDetail({
  images: [{ id: 5, url: '/orders/42/images/5', created_at: '2026-11-20T11:50:00Z' }],
  image_count: 1,
  events: [
    { id: 1, action: 'create', from_status: null, to_status: 'pending', actor: { id: 2, name: 'Asha', role: 'store' }, reason: null, lines_before: null, lines_after: null, occurred_at: '2026-11-20T10:00:00Z', arrived_distance_m: null, created_at: '2026-11-20T10:00:00Z' },
    { id: 2, action: 'waiting_store', from_status: 'arrived', to_status: 'waiting_store', actor: { id: 3, name: 'Ravi', role: 'driver' }, reason: null, lines_before: [estimate], lines_after: [weighed], occurred_at: '2026-11-20T12:00:00Z', arrived_distance_m: null, created_at: '2026-11-20T12:00:00Z' },
  ],
});

function serve() {
  return fakeApi({
    'GET /orders/42/': { body: order },
    'GET /orders/42/images/5': () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), { headers: { 'content-type': 'image/png' } }),
    'PATCH /orders/complete/42/': { body: anOrderDetail({ status: 'completed', status_label: 'Completed' }) },
  });
}

describe("the store's order page", () => {
  it('shows the photos, the history with the lines before and after the weighing, and the choices', async () => {
    serve();
    renderApp(<StoreOrderDetailDialog orderId={42} onClose={() => undefined} />, { route: '/Store/Orders?id=42' });
    const dialog = await screen.findByRole('dialog', { name: 'Order #00000042' });
    expect(await within(dialog).findByRole('button', { name: 'Open photo 1' })).toBeTruthy();
    expect(within(dialog).getByText('Weighed the load')).toBeTruthy();
    const diff = within(dialog).getByRole('table', { name: 'Before / After' });
    expect(diff.textContent).toContain('8');
    expect(diff.textContent).toContain('10.5');
    expect(within(dialog).getByRole('button', { name: 'Call admin' })).toBeTruthy();
    // The store sees its amount, never the driver's.
    expect(within(dialog).queryByText('Driver amount')).toBeNull();
  });

  it('confirms the weighed lines from the page', async () => {
    const api = serve();
    renderApp(<StoreOrderDetailDialog orderId={42} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #00000042' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /orders/complete/42/'));
  });

  it('offers no choice once the order is done', async () => {
    fakeApi({ 'GET /orders/42/': { body: { ...order, status: 'completed', status_label: 'Completed' } } });
    renderApp(<StoreOrderDetailDialog orderId={42} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Order #00000042' });
    await within(dialog).findByText('Weighed the load');
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });
});
