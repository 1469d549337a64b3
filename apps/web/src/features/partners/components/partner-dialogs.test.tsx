// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberListItem } from '@app/shared/schemas/members';
import { aStoreDetail } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { PendingSignups } from './pending-signups';
import { StoresTable } from './stores-table';

// The admin's dialogs on the partner lists: reject a sign-up with a reason, approve a store
// with the vendor it asked for, and assign a vendor (which must be chosen).

const signup: MemberListItem = {
  id: 7,
  login_id: 'asha@example.com',
  name: 'Asha Patil',
  role: 'store',
  is_verified: true,
  approval_status: 'pending',
  store_id: 3,
  vendor_id: 5,
  driver_id: null,
  phone: null,
  created_at: '2026-01-01T00:00:00.000Z',
  rejection_reason: null,
  organisation_name: 'Asha Scrap Point',
  city_id: null,
  address: null,
};

const pune = { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } };

const store = aStoreDetail({ id: 3, name: 'Asha Scrap Point', city: pune, address: '5 MG Road', vendor: null });

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('the sign-up queue', () => {
  it('rejects a sign-up with the reason typed, trimmed', async () => {
    const api = fakeApi({ 'GET /members': { body: [signup] }, 'GET /cities': { body: [] }, 'PATCH /members/7/reject/': { body: {} } });
    renderApp(<PendingSignups role="store" />);
    fireEvent.click(within(await rowOf('Asha Scrap Point')).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Asha Scrap Point?' });
    expect(dialog.textContent).toContain('The person sees this reason when they try to sign in.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), { target: { value: ' Not a scrap store ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /members/7/reject/'));
    expect(await api.requests.find((r) => r.method === 'PATCH')!.json()).toEqual({ reason: 'Not a scrap store' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a store with the vendor it signed up under', async () => {
    const api = fakeApi({ 'GET /members': { body: [signup] }, 'GET /cities': { body: [] }, 'GET /vendors': { body: [] }, 'PATCH /members/7/approve/': { body: {} } });
    renderApp(<PendingSignups role="store" />);
    fireEvent.click(within(await rowOf('Asha Scrap Point')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Asha Scrap Point?' });
    expect(within(dialog).getByRole('combobox', { name: 'Vendor' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /members/7/approve/'));
    expect(await api.requests.find((r) => r.method === 'PATCH')!.json()).toEqual({ vendor_id: 5 });
  });

  it('approves a vendor without asking for one', async () => {
    const vendorSignup = { ...signup, role: 'vendor' as const, store_id: null, vendor_id: 9, organisation_name: 'Green Metals' };
    const api = fakeApi({ 'GET /members': { body: [vendorSignup] }, 'GET /cities': { body: [] }, 'PATCH /members/7/approve/': { body: {} } });
    renderApp(<PendingSignups role="vendor" />);
    fireEvent.click(within(await rowOf('Green Metals')).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Green Metals?' });
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /members/7/approve/'));
    expect(await api.requests.find((r) => r.method === 'PATCH')!.json()).toEqual({});
  });
});

describe("assigning a store's vendor", () => {
  it('asks for a vendor before sending anything', async () => {
    const api = fakeApi({ 'GET /stores': { body: [store] }, 'GET /cities': { body: [pune] }, 'GET /vendors': { body: [] } });
    renderApp(<StoresTable scope="admin" />);
    fireEvent.click(within(await rowOf('Asha Scrap Point')).getByRole('button', { name: 'Assign vendor' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign a vendor to Asha Scrap Point' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign vendor' }));
    expect(await within(dialog).findByText('Choose a vendor.')).toBeTruthy();
    expect(api.calls().some((call) => call.startsWith('PATCH'))).toBe(false);
  });
});
