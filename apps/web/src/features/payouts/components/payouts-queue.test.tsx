// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payout } from '@app/shared/schemas/money';
import { fakeApi, renderApp } from '@/test/render';
import { PayoutsQueue } from './payouts-queue';

const requested: Payout = {
  id: 7,
  status: 'requested',
  amount: 250.5,
  vendor_id: 3,
  driver_id: null,
  payee_name: 'Green Metals',
  note: 'HDFC account',
  reference: null,
  reason: null,
  created_at: '2026-11-23T10:00:00Z',
  decided_at: null,
};

const list = (items: Payout[]) => ({ body: items, headers: { 'x-total-count': String(items.length) } });

describe("the admin's payouts queue", () => {
  it('asks for the bank reference before marking a payout paid', async () => {
    const api = fakeApi({
      'GET /payouts/': list([requested]),
      'PATCH /payouts/7/approve/': { body: { ...requested, status: 'paid', reference: 'UTR42', decided_at: '2026-11-23T11:00:00Z' } },
    });
    renderApp(<PayoutsQueue />, { route: '/Admin/Payouts' });
    const row = (await screen.findByText('Vendor: Green Metals')).closest('tr')!;
    expect(api.calls()).toContain('GET /payouts/?status=requested&limit=25');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout #7 as paid' });
    expect(dialog.textContent).toContain('Transfer 250.5 INR to Vendor: Green Metals');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Bank reference/), { target: { value: ' UTR42 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = api.requests.find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ reference: 'UTR42' });
  });

  it('says so when someone else decided first', async () => {
    fakeApi({
      'GET /payouts/': list([requested]),
      'PATCH /payouts/7/reject/': { status: 409, body: { detail: 'This payout is no longer requested', errors: {} } },
    });
    renderApp(<PayoutsQueue />, { route: '/Admin/Payouts' });
    const row = (await screen.findByText('Vendor: Green Metals')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject payout #7' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wrong account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Someone decided this payout meanwhile. The list shows its new status.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('keeps the status tab in the URL and says when a tab is empty', async () => {
    const api = fakeApi({ 'GET /payouts/': list([]) });
    const { location } = renderApp(<PayoutsQueue />, { route: '/Admin/Payouts' });
    expect(await screen.findByText('No payout waits for a decision. New requests appear here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(location()).toBe('/Admin/Payouts?status=rejected'));
    await waitFor(() => expect(api.calls()).toContain('GET /payouts/?status=rejected&limit=25'));
    expect(await screen.findByText('No payout has this status yet.')).toBeTruthy();
  });
});
