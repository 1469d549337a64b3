// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Payout } from '@app/shared/schemas/money';
import { fakeApi, renderApp } from '@/test/render';
import { RequestPayoutButton } from './request-payout-dialog';

const payout: Payout = {
  id: 7,
  status: 'requested',
  amount: 250.5,
  vendor_id: 3,
  driver_id: null,
  payee_name: 'Green Metals',
  note: null,
  reference: null,
  reason: null,
  created_at: '2026-11-23T10:00:00Z',
  decided_at: null,
};

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
  return screen.findByRole('dialog', { name: 'Request a payout' });
}

describe('requesting a payout', () => {
  it('refuses more than is available before asking the server', async () => {
    const api = fakeApi({ 'POST /payouts/': { status: 201, body: payout } });
    renderApp(<RequestPayoutButton available={300} />);
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('payout-available').textContent).toBe('Available to pay out: 300 INR');
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '300.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('At most 300 INR is available.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });

  it('sends the amount and note with an idempotency key, and a retry reuses the key', async () => {
    let attempts = 0;
    const api = fakeApi({
      'POST /payouts/': () => {
        attempts += 1;
        // The first answer is lost on the way (a proxy's 502): the same request goes again.
        return attempts === 1 ? new Response('bad gateway', { status: 502 }) : Response.json(payout, { status: 201 });
      },
    });
    renderApp(<RequestPayoutButton available={300} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '250.50' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'HDFC account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await posts[1]!.json()).toEqual({ amount: 250.5, note: 'HDFC account' });
  });

  it('shows the server\'s amount message under the field', async () => {
    fakeApi({ 'POST /payouts/': { status: 400, body: { detail: 'Invalid input', errors: { amount: ['Amount exceeds what is available (120 INR)'] } } } });
    renderApp(<RequestPayoutButton available={300} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '200' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByText('Amount exceeds what is available (120 INR)')).toBeTruthy();
    expect(within(dialog).getByLabelText(/Amount/).getAttribute('aria-invalid')).toBe('true');
  });

  it('cannot be asked for with nothing available', () => {
    fakeApi({});
    renderApp(<RequestPayoutButton available={0} />);
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
