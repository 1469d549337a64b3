// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrderDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { PaymentDialog } from './payment-dialog';

// The household approves its weighed pickup saying how it was paid (design.md section 21):
// the shared paymentInputSchema checks the form before anything is sent, and the server's
// message on `payment.reference` lands under the reference.

const COMPLETED = anOrderDetail({ status: 'completed', status_label: 'Completed', customer_kind: 'household', vendor_id: null });
const order = anOrderDetail({ customer_kind: 'household', vendor_id: null, vendor_amount: 1234.5 });

function show(onClose = vi.fn()) {
  renderApp(<PaymentDialog order={order} onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Approve pickup #00000042' }), onClose };
}

const bodyOf = async (request: Request) => (await request.clone().json()) as unknown;

describe("the household's payment choice", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what the driver pays, and sends nothing until cash or UPI is chosen', async () => {
    const api = fakeApi({ 'PATCH /orders/complete/42/': { body: COMPLETED } });
    const { dialog } = show();
    expect(within(dialog).getByText('The driver pays you 1,234.5 INR for this pickup. How were you paid?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Choose cash or UPI')).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });

  it('refuses a UPI reference that is not 12 digits, at the reference, and sends nothing', async () => {
    const api = fakeApi({ 'PATCH /orders/complete/42/': { body: COMPLETED } });
    const { dialog } = show();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    const reference = within(dialog).getByRole('textbox', { name: /^UPI reference/ });
    fireEvent.change(reference, { target: { value: '12345678901' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reference.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A UPI reference is 12 digits');
    expect(api.calls()).toEqual([]);
  });

  it('sends UPI with the 12 digits as typed in groups or in Devanagari, and closes once completed', async () => {
    const api = fakeApi({ 'PATCH /orders/complete/42/': { body: COMPLETED } });
    const { dialog, onClose } = show();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^UPI reference/ }), { target: { value: '४१२३ 4567 8901' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls()).toEqual(['PATCH /orders/complete/42/']);
    expect(await bodyOf(api.requests[0]!)).toEqual({ payment: { method: 'upi', reference: '412345678901' } });
  });

  it('sends cash without a reference, even one typed for UPI first', async () => {
    const api = fakeApi({ 'PATCH /orders/complete/42/': { body: COMPLETED } });
    const { dialog, onClose } = show();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^UPI reference/ }), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cash' }));
    expect(within(dialog).queryByRole('textbox', { name: /^UPI reference/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await bodyOf(api.requests[0]!)).toEqual({ payment: { method: 'cash', reference: null } });
  });

  it("shows the server's refusal of the reference under it and stays open", async () => {
    fakeApi({
      'PATCH /orders/complete/42/': {
        status: 400,
        body: { detail: 'payment.reference: A UPI reference is 12 digits', errors: { 'payment.reference': ['A UPI reference is 12 digits'] } },
      },
    });
    const { dialog, onClose } = show();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'UPI' }));
    const reference = within(dialog).getByRole('textbox', { name: /^UPI reference/ });
    fireEvent.change(reference, { target: { value: '123456789012' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(reference.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A UPI reference is 12 digits');
    expect(onClose).not.toHaveBeenCalled();
  });
});
