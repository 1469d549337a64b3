// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Statement } from '@app/shared/schemas/money';
import { fakeApi, renderApp } from '@/test/render';
import { StatementView } from './statement-view';

const statement: Statement = {
  vendor_id: 3,
  driver_id: null,
  name: 'Green Metals',
  from: '2026-11-01',
  to: '2026-11-23',
  opening_balance: 100,
  credits: 300,
  payouts: 0,
  adjustments: 0,
  closing_balance: 400,
  orders: 2,
  weight: 12.5,
  entries: [{ id: 5, kind: 'order_credit', amount: 300, balance_after: 400, order_id: 42, payout_id: null, created_at: '2026-11-10T10:00:00Z' }],
};

describe('a statement', () => {
  it('shows the vendor its own period from the URL, with the sums and the entries', async () => {
    const api = fakeApi({ 'GET /statements/': { body: statement } });
    renderApp(<StatementView audience="vendor" />, { route: '/Vendor/Wallets/Statement?from=2026-11-01&to=2026-11-23' });
    const card = await screen.findByTestId('statement');
    expect(within(card).getByText('Statement: Green Metals')).toBeTruthy();
    expect(within(card).getByText('01/11/2026 to 23/11/2026')).toBeTruthy();
    expect(within(card).getByTestId('statement-closing').textContent).toContain('400 INR');
    // No payouts reads "0 INR", not "-0 INR".
    expect(within(card).getByTestId('statement-payouts').textContent).toContain('0 INR');
    expect(within(card).getByTestId('statement-payouts').textContent).not.toContain('-0');
    expect(within(card).getByTestId('statement-entries').textContent).toContain('Order #00000042');
    expect(api.calls()).toEqual(['GET /statements/?from=2026-11-01&to=2026-11-23']);
  });

  it('lets the admin pick whose statement first, and asks for it by id', async () => {
    const api = fakeApi({
      'GET /vendors': { body: [{ id: 3, company_name: 'Green Metals' }] },
      'GET /drivers': { body: [{ id: 8, vehicle_number: 'MH12 AB 1234', member: { name: 'Dinesh' } }] },
      'GET /statements/': { body: statement },
    });
    renderApp(<StatementView audience="admin" />, { route: '/Admin/Statements?from=2026-11-01&to=2026-11-23' });
    expect(await screen.findByText('Pick a vendor or driver')).toBeTruthy();
    expect(api.calls().some((call) => call.startsWith('GET /statements'))).toBe(false);
  });

  it('asks the admin for a driver\'s statement by driver_id', async () => {
    const api = fakeApi({ 'GET /vendors': { body: [] }, 'GET /drivers': { body: [] }, 'GET /statements/': { body: { ...statement, vendor_id: null, driver_id: 8, name: 'Dinesh' } } });
    renderApp(<StatementView audience="admin" />, { route: '/Admin/Statements?driver=8&from=2026-11-01&to=2026-11-23' });
    await screen.findByText('Statement: Dinesh');
    await waitFor(() => expect(api.calls()).toContain('GET /statements/?from=2026-11-01&to=2026-11-23&driver_id=8'));
  });
});
