// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@app/shared/schemas/orders';
import { anOrderDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { OrderDetailView } from './order-detail-view';

// A household's pickup on the admin's order page (design.md section 21): marked as a
// household, what it was paid and how, and its receipt with the PDF in English or Hindi.

const HOME = { id: 70, name: 'Asha Verma', address: '4 Lane, Pune', phone: '+919800000001', location: null, city_id: 3, vendor_id: null };
const completed: OrderDetail = anOrderDetail({
  status: 'completed',
  status_label: 'Completed',
  customer_kind: 'household',
  vendor_id: null,
  vendor_amount: 187.5,
  store: HOME,
  payment: { method: 'upi', reference: '412345678901' },
  receipt: { number: 'RCPT/2026-27/000007', issued_at: '2026-11-20T12:00:00Z' },
});

function serve(order: OrderDetail) {
  return fakeApi({
    'GET /orders/42/': { body: order },
    'GET /settings/order': { status: 404, body: { detail: 'Not found' } },
    'GET /orders/42/receipt.pdf': () => new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } }),
  });
}

const createObjectURL = URL.createObjectURL;
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
});

describe("a household's pickup on the admin's order page", () => {
  it('is marked as a household and shows the payment, the receipt and its PDFs in both languages', async () => {
    const api = serve(completed);
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    renderApp(<OrderDetailView orderId={42} mode="admin" imagesHref="/Admin/Orders/OrderImage?id=42" />);
    const section = await screen.findByRole('region', { name: 'Payment at the door' });
    expect(screen.getByTestId('household-tag').textContent).toBe('Household');
    expect(screen.getByText('+91 98000 00001')).toBeTruthy();
    expect(screen.getByTestId('vendor-amount').textContent).toBe('Paid to the household187.5 INR');
    expect(within(section).getByTestId('payment-method').textContent).toBe('UPI');
    expect(within(section).getByTestId('payment-reference').textContent).toBe('412345678901');
    expect(within(section).getByTestId('receipt-number').textContent).toMatch(/^RCPT\/2026-27\/000007/);

    fireEvent.click(within(section).getByRole('button', { name: 'Receipt PDF (Hindi)' }));
    await waitFor(() => expect(api.calls()).toContain('GET /orders/42/receipt.pdf?lang=hi'));
    await waitFor(() => expect(tab.location.href).toBe('blob:receipt'));
    fireEvent.click(within(section).getByRole('button', { name: 'Receipt PDF (English)' }));
    await waitFor(() => expect(api.calls()).toContain('GET /orders/42/receipt.pdf?lang=en'));
  });

  it('says the household is paid at completion while the pickup is on its way', async () => {
    serve({ ...completed, status: 'waiting_store', status_label: 'Waiting store', payment: null, receipt: null });
    renderApp(<OrderDetailView orderId={42} mode="admin" imagesHref="/Admin/Orders/OrderImage?id=42" />);
    const section = await screen.findByRole('region', { name: 'Payment at the door' });
    expect(within(section).getByText('Not paid yet: the driver pays the household when the pickup completes.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /Receipt PDF/ })).toBeNull();
    expect(screen.getByTestId('vendor-amount').textContent).toBe('To pay the household187.5 INR');
  });

  it("shows a store's order as before: no household section", async () => {
    serve(anOrderDetail());
    renderApp(<OrderDetailView orderId={42} mode="admin" imagesHref="/Admin/Orders/OrderImage?id=42" />);
    expect(await screen.findByTestId('vendor-amount')).toBeTruthy();
    expect(screen.getByTestId('vendor-amount').textContent).toBe('Vendor amount5,207.84 INR');
    expect(screen.queryByRole('region', { name: 'Payment at the door' })).toBeNull();
    expect(screen.queryByTestId('household-tag')).toBeNull();
  });
});
