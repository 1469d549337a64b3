// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Vendor } from '@app/shared/schemas/partners';
import { fakeApi, renderApp } from '@/test/render';
import { VendorInfoCard, VendorProfile } from './vendor-detail';

const CURRENT = '27AAPFU0939F1ZV';
const REQUESTED = '29AAGCB7383J1Z4';

const vendor: Vendor = {
  id: 5,
  company_name: 'Vikram Recyclers Pvt Ltd',
  city: { id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } },
  address: '12 FC Road',
  phone: null,
  gstin: CURRENT,
  requested_gstin: REQUESTED,
  gstin_requested_at: '2026-11-26T03:35:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
  member: null,
  store_count: 1,
  order_count: 2,
  wallet_balance: 0,
};

/** The value shown under a label of the details card. */
const detailOf = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('a vendor\'s GSTIN change', () => {
  it('shows the vendor its current GSTIN unchanged and the requested one as pending admin approval', async () => {
    fakeApi({ 'GET /vendors/5': { body: vendor } });
    renderApp(<VendorProfile id={5} />);
    await screen.findByText('Company details');
    const gstin = detailOf('GSTIN');
    expect(gstin.textContent).toContain(CURRENT);
    expect(within(gstin).getByTestId('pending-gstin').textContent).toMatch(new RegExp(`^${REQUESTED}: pending admin approval · Asked `));
    // The admin's Approve / Reject are not the vendor's.
    expect(screen.queryByRole('button', { name: 'Approve GSTIN' })).toBeNull();
  });

  it('shows nothing pending once no request waits', async () => {
    fakeApi({ 'GET /vendors/5': { body: { ...vendor, requested_gstin: null, gstin_requested_at: null } } });
    renderApp(<VendorProfile id={5} />);
    await screen.findByText('Company details');
    expect(detailOf('GSTIN').textContent).toBe(CURRENT);
    expect(screen.queryByTestId('pending-gstin')).toBeNull();
  });

  it('says when the vendor asked to be unregistered', async () => {
    fakeApi({ 'GET /vendors/5': { body: { ...vendor, requested_gstin: null } } });
    renderApp(<VendorProfile id={5} />);
    expect((await screen.findByTestId('pending-gstin')).textContent).toMatch(/^No GSTIN \(not registered for GST\): pending admin approval/);
  });

  it('lets an admin approve the GSTIN it sees requested', async () => {
    const api = fakeApi({ 'PATCH /vendors/5/gstin/approve/': { body: { ...vendor, gstin: REQUESTED, requested_gstin: null, gstin_requested_at: null } } });
    renderApp(<VendorInfoCard vendor={vendor} viewer="admin" />);
    const review = screen.getByRole('region', { name: 'GSTIN change requested' });
    expect(review.textContent).toContain(`from ${CURRENT} to ${REQUESTED}`);
    // On the admin's card the current GSTIN is plain: the request is in the review above.
    expect(screen.queryByTestId('pending-gstin')).toBeNull();
    fireEvent.click(within(review).getByRole('button', { name: 'Approve GSTIN' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /vendors/5/gstin/approve/'));
    const patch = api.requests.find((r) => r.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ gstin: REQUESTED });
  });

  it('shows the server\'s reason when the request changed meanwhile (409)', async () => {
    fakeApi({ 'PATCH /vendors/5/gstin/approve/': { status: 409, body: { detail: 'The vendor\'s request changed meanwhile: it now asks for 24AABCU9603R1ZN' } } });
    renderApp(<VendorInfoCard vendor={vendor} viewer="admin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve GSTIN' }));
    expect((await screen.findByRole('alert')).textContent).toContain('it now asks for 24AABCU9603R1ZN');
  });

  it('lets an admin reject it with a reason', async () => {
    const api = fakeApi({ 'PATCH /vendors/5/gstin/reject/': { body: { ...vendor, requested_gstin: null, gstin_requested_at: null } } });
    renderApp(<VendorInfoCard vendor={vendor} viewer="admin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Reject GSTIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the GSTIN change?' });
    expect(dialog.textContent).toContain(`The GSTIN stays ${CURRENT}.`);
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: '  The PAN is not yours ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls()).toContain('PATCH /vendors/5/gstin/reject/'));
    expect(await api.requests.find((r) => r.method === 'PATCH')!.json()).toEqual({ reason: 'The PAN is not yours' });
  });
});
