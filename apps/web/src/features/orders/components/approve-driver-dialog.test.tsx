// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrderDetail, copper, iron } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { OrderDetailView } from './order-detail-view';

const pending = anOrderDetail({ status: 'pending', status_label: 'Pending', driver: null });

const driver = (id: number, name: string) => ({
  id,
  city: { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
  vehicle_number: `MH12AB${id}`,
  phone: null,
  member: { id: 100 + id, login_id: `d${id}@x.in`, name, phone: null, role: 'driver', is_verified: true, approval_status: 'approved', rejection_reason: null },
  active_order_count: 1,
  completed_order_count: 4,
  earnings_balance: 0,
  created_at: '2026-11-01T10:00:00Z',
});

function serve(approve: (body: Record<string, unknown>) => Response) {
  return fakeApi({
    'GET /orders/42/': { body: pending },
    'GET /materials': { body: [copper, iron] },
    'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
    'GET /drivers': { body: [driver(9, 'Ravi'), driver(10, 'Meena')], headers: { 'x-total-count': '2' } },
    'PATCH /orders/waiting_driver/42/': async (request) => approve((await request.json()) as Record<string, unknown>),
  });
}

async function openPicker() {
  renderApp(<OrderDetailView orderId={42} mode="admin" imagesHref="/Admin/Orders/OrderImage?id=42" />);
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  const dialog = await screen.findByRole('dialog', { name: /choose a driver/ });
  // The drivers have loaded once the field takes a choice.
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Driver/ }).getAttribute('aria-disabled')).toBeNull());
  return dialog;
}

async function choose(dialog: HTMLElement, name: RegExp) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Driver/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe("an admin's approval of an order no driver holds", () => {
  it("asks for a driver of the order's city and sends it with the lines", async () => {
    const bodies: Record<string, unknown>[] = [];
    const api = serve((body) => {
      bodies.push(body);
      return Response.json({ ...pending, status: 'waiting_driver', status_label: 'Waiting driver' });
    });
    const dialog = await openPicker();
    expect(api.calls()).toContain('GET /drivers?limit=50&city_id=3&approval_status=approved');
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and assign' }));
    expect(await within(dialog).findByText('Choose a driver')).toBeTruthy();
    await choose(dialog, /Meena/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and assign' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ driver_id: 10, details: [{ id: 101, material_id: 1 }, { id: 102, material_id: 2 }] });
  });

  it("shows the server's refusal of the driver at the field", async () => {
    serve(() => Response.json({ detail: 'Check the driver', errors: { driver_id: ['This driver does not work in the order’s city'] } }, { status: 400 }));
    const dialog = await openPicker();
    await choose(dialog, /Ravi/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and assign' }));
    expect(await within(dialog).findByText('This driver does not work in the order’s city')).toBeTruthy();
  });
});
