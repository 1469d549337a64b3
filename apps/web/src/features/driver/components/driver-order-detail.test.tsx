// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { addTranslations } from '@/lib/i18n';
import { session } from '@/lib/session';
import { pages } from '@/locales/en/pages';
import { anOrderDetail, signInForTest } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { DriverOrderDetail } from './driver-order-detail';

addTranslations('pages', pages);

// A household's pickup on the driver's order screen (design.md section 21): marked as one,
// the amount the driver pays at the door, the code for a household without a phone, and the
// payment asked before the admin's corrections complete it. A store's pickup is unchanged.

const DRIVER = { memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 } as const;
const HOME = { id: 70, name: 'Asha Verma', address: '4 Lane, Pune', phone: '+919800000001', location: null, city_id: 3, vendor_id: null };
const household = (overrides: Partial<OrderDetail> = {}) => anOrderDetail({ customer_kind: 'household', vendor_id: null, vendor_amount: 187.5, store: HOME, ...overrides });

function render(order: OrderDetail) {
  signInForTest(DRIVER);
  const api = fakeApi({
    'GET /orders/42/': { body: order },
    'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
    'GET /settings/order': { status: 404, body: { detail: 'Not found' } },
    'PATCH /orders/complete/42/': { body: { ...order, status: 'completed' } },
  });
  renderApp(<DriverOrderDetail orderId={42} />);
  return api;
}

afterEach(() => session.signOut('user'));

describe("a household's pickup on the driver's order screen", () => {
  it('is marked as a household, says what to pay it, and offers its code in waiting_store', async () => {
    render(household());
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeTruthy();
    expect(screen.getByTestId('household-tag').textContent).toBe('Household');
    expect(screen.getByTestId('household-amount').textContent).toBe('187.5 INR');
    expect(screen.getByTestId('status-note').textContent).toMatch(/^You submitted the weights. The household approves them on its phone/);
    expect(screen.getByRole('button', { name: 'The household has no phone at hand? Enter its code' })).toBeTruthy();
    // Not the store's "Confirm corrections": the household approves, or its code completes it.
    expect(screen.queryByRole('button', { name: 'Confirm corrections' })).toBeNull();
  });

  it("leaves a store's pickup in waiting_store to the store", async () => {
    render(anOrderDetail());
    expect(await screen.findByRole('heading', { name: 'Shivaji Nagar Store' })).toBeTruthy();
    expect(screen.queryByTestId('household-tag')).toBeNull();
    expect(screen.queryByRole('button', { name: 'The household has no phone at hand? Enter its code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm corrections' })).toBeNull();
  });

  it("asks how the household was paid before the admin's corrections complete it", async () => {
    const api = render(household({ status: 'waiting_driver', status_label: 'Waiting driver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm corrections' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the corrections and the payment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm corrections' }));
    expect(await within(dialog).findByText('Choose cash or UPI')).toBeTruthy();
    expect(api.calls()).not.toContain('PATCH /orders/complete/42/');

    fireEvent.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'UPI reference (12 digits)' }), { target: { value: '412345678901' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm corrections' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /orders/complete/42/'));
    const sent = api.requests.find((request) => request.method === 'PATCH')!;
    expect(sent.headers.get('idempotency-key')).toBeTruthy();
    expect(await sent.json()).toEqual({ payment: { method: 'upi', reference: '412345678901' }, occurred_at: expect.any(String) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows how a completed household pickup was paid and its receipt number', async () => {
    render(household({ status: 'completed', status_label: 'Completed', payment: { method: 'upi', reference: '412345678901' }, receipt: { number: 'RCPT/2026-27/000007', issued_at: '2026-11-20T12:00:00Z' } }));
    expect(await screen.findByTestId('receipt-number')).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('RCPT/2026-27/000007');
    expect(screen.getByTestId('household-payment').textContent).toBe('UPI · 412345678901');
    expect(screen.getByText('Paid to the household')).toBeTruthy();
  });
});
