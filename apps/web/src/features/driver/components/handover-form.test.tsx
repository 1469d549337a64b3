// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTranslations } from '@/lib/i18n';
import { session } from '@/lib/session';
import { anOrderDetail, signInForTest } from '@/test/fixtures';
import { setBrowserOnline } from '@/test/network';
import { fakeApi, renderApp, type Answer } from '@/test/render';
import { driverEn } from '../locales/en';
import { HandoverForm } from './handover-form';

addTranslations('driver', driverEn);

// The driver completes a household's pickup with the code from the household's SMS and how
// it paid it (design.md section 21): checked by the shared schemas first, then by the server,
// whose refusals land at their fields.

const DRIVER = { memberId: 5, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 } as const;
const order = anOrderDetail({ customer_kind: 'household', vendor_id: null, vendor_amount: 187.5, store: { id: 70, name: 'Asha Verma', address: '4 Lane, Pune', phone: '+919800000001', location: null, city_id: 3, vendor_id: null } });
const COMPLETE = 'PATCH /orders/complete/42/';

function render(answer: Answer = { body: { ...order, status: 'completed' } }, { stepsWaiting = false } = {}) {
  signInForTest(DRIVER);
  const api = fakeApi({ [COMPLETE]: answer });
  const reload = vi.fn();
  renderApp(<HandoverForm order={order} stepsWaiting={stepsWaiting} reload={reload} />);
  fireEvent.click(screen.getByRole('button', { name: 'The household has no phone at hand? Enter its code' }));
  return { api, reload };
}

const codeField = () => screen.getByRole('textbox', { name: 'Code from the household’s SMS' });
const referenceField = () => screen.getByRole('textbox', { name: 'UPI reference (12 digits)' });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const choose = (method: 'Cash' | 'UPI') => fireEvent.click(screen.getByRole('radio', { name: method }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Complete the pickup' }));
const helperOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(() => {
  session.signOut('user');
  setBrowserOnline(true);
});

describe("the household's handover code at the driver's screen", () => {
  it('needs a 6-digit code and a way of payment before anything is sent', async () => {
    const { api } = render();
    expect(screen.getByText('How did you pay the household 187.5 INR?')).toBeTruthy();
    type(codeField(), '12345');
    submit();
    await waitFor(() => expect(helperOf(codeField())).toBe("Enter the 6-digit code from the household's SMS"));
    expect(screen.getByText('Choose cash or UPI')).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });

  it('keeps only the digits of what is typed, and a UPI reference must be 12 digits', async () => {
    const { api } = render();
    type(codeField(), '12 34-56');
    expect((codeField() as HTMLInputElement).value).toBe('123456');
    expect(screen.queryByRole('textbox', { name: 'UPI reference (12 digits)' })).toBeNull();
    choose('UPI');
    type(referenceField(), '41234567890');
    submit();
    await waitFor(() => expect(helperOf(referenceField())).toBe('A UPI reference is 12 digits'));
    type(referenceField(), '4123456789012');
    submit();
    await waitFor(() => expect(helperOf(referenceField())).toBe('A UPI reference is 12 digits'));
    expect(api.calls()).toEqual([]);
  });

  it('completes the pickup with the code and the UPI payment', async () => {
    const { api, reload } = render();
    type(codeField(), '482913');
    choose('UPI');
    type(referenceField(), '412345678901');
    submit();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.calls()).toEqual([COMPLETE]);
    expect(await api.requests[0]!.json()).toEqual({ handover_code: '482913', payment: { method: 'upi', reference: '412345678901' } });
  });

  it('sends cash without a reference, whatever was typed for UPI before', async () => {
    const { api, reload } = render();
    type(codeField(), '482913');
    choose('UPI');
    type(referenceField(), '4123');
    choose('Cash');
    submit();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(await api.requests[0]!.json()).toEqual({ handover_code: '482913', payment: { method: 'cash', reference: null } });
  });

  it("shows the server's refusals at their fields: a wrong code, a refused reference", async () => {
    const { reload } = render({
      status: 400,
      body: {
        detail: 'Check the completion',
        errors: { handover_code: ['The code is not right. Ask the household for the code in its SMS.'], 'payment.reference': ['A UPI reference is 12 digits'] },
      },
    });
    type(codeField(), '111111');
    choose('UPI');
    type(referenceField(), '412345678901');
    submit();
    await waitFor(() => expect(helperOf(codeField())).toBe('The code is not right. Ask the household for the code in its SMS.'));
    expect(helperOf(referenceField())).toBe('A UPI reference is 12 digits');
    expect(reload).not.toHaveBeenCalled();
  });

  it('says what to do once the code was entered wrongly 5 times', async () => {
    const ended = 'The code was entered wrongly 5 times. Ask the household to approve on its phone, or call admin.';
    render({ status: 400, body: { detail: ended, errors: { handover_code: [ended] } } });
    type(codeField(), '222222');
    choose('Cash');
    submit();
    await waitFor(() => expect(helperOf(codeField())).toBe(ended));
  });

  it('needs the network: offline it says so and sends nothing', async () => {
    const { api } = render();
    setBrowserOnline(false);
    expect(await screen.findByText(/^No network: the code is checked by the server/)).toBeTruthy();
    type(codeField(), '482913');
    choose('Cash');
    expect(screen.getByRole('button', { name: 'Complete the pickup' }).hasAttribute('disabled')).toBe(true);
    expect(api.calls()).toEqual([]);
  });

  it('says so when the request gets no answer', async () => {
    render(() => Promise.reject(new TypeError('Failed to fetch')));
    type(codeField(), '482913');
    choose('Cash');
    submit();
    expect(await screen.findByText(/^No network: the code is checked by the server/)).toBeTruthy();
  });

  it('waits for the weights still in the outbox: the household has no code before they arrive', () => {
    render(undefined, { stepsWaiting: true });
    expect(screen.getByText(/^Your earlier steps still wait to be sent/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete the pickup' }).hasAttribute('disabled')).toBe(true);
  });
});
