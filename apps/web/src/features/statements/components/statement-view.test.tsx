// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
    expect(api.calls()).toEqual(['GET /statements/?from=2026-11-01&to=2026-11-23&limit=100']);
  });

  it("labels what a driver paid a household at the door (design.md section 21)", async () => {
    const paid = { id: 6, kind: 'household_payment' as const, amount: 187.5, balance_after: 587.5, order_id: 77, payout_id: null, created_at: '2026-11-11T10:00:00Z' };
    fakeApi({ 'GET /statements/': { body: { ...statement, vendor_id: null, driver_id: 8, name: 'Dinesh', entries: [...statement.entries, paid] } } });
    renderApp(<StatementView audience="driver" />, { route: '/Driver/Statement?from=2026-11-01&to=2026-11-23' });
    const row = (await screen.findByTestId('statement-entries')).querySelector('tr[data-kind="household_payment"]');
    expect(row?.textContent).toContain('Order #00000077');
    expect(row?.textContent).toContain('Paid to household');
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
    await waitFor(() => expect(api.calls()).toContain('GET /statements/?from=2026-11-01&to=2026-11-23&driver_id=8&limit=100'));
  });

  it('pages the entries with the sums of the whole period, and counts them from X-Total-Count', async () => {
    const entry = (id: number, amount: number, balance: number) => ({ id, kind: 'order_credit' as const, amount, balance_after: balance, order_id: id * 10, payout_id: null, created_at: '2026-11-10T10:00:00Z' });
    const api = fakeApi({
      'GET /statements/': (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const headers = { 'x-total-count': '3', ...(cursor ? {} : { link: '<http://api.test/statements/?from=2026-11-01&to=2026-11-23&limit=100&cursor=5>; rel="next"' }) };
        const entries = cursor ? [entry(6, 100, 300), entry(7, 100, 400)] : [entry(5, 100, 200)];
        return Response.json({ ...statement, entries }, { headers });
      },
    });
    renderApp(<StatementView audience="vendor" />, { route: '/Vendor/Wallets/Statement?from=2026-11-01&to=2026-11-23' });
    const card = await screen.findByTestId('statement');
    expect(within(card).getByTestId('statement-count').textContent).toBe('Showing 1 of 3 entries');
    expect(within(card).getByTestId('statement-more').textContent).toContain('2 more entries before the closing balance');
    // The closing balance is the whole period's, while only the first page is shown.
    expect(within(card).getByTestId('statement-closing').textContent).toContain('400 INR');
    fireEvent.click(within(card).getByRole('button', { name: 'Load more entries' }));
    await waitFor(() => expect(within(card).getByTestId('statement-count').textContent).toBe('Showing 3 of 3 entries'));
    expect(within(card).getByTestId('statement-entries').querySelectorAll('tr[data-kind]')).toHaveLength(3);
    expect(within(card).queryByTestId('statement-more')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Load more entries' })).toBeNull();
    expect(api.calls()).toEqual(['GET /statements/?from=2026-11-01&to=2026-11-23&limit=100', 'GET /statements/?from=2026-11-01&to=2026-11-23&limit=100&cursor=5']);
  });

  it('says so when the period holds no entry', async () => {
    fakeApi({ 'GET /statements/': { body: { ...statement, credits: 0, orders: 0, weight: 0, opening_balance: 400, entries: [] }, headers: { 'x-total-count': '0' } } });
    renderApp(<StatementView audience="vendor" />, { route: '/Vendor/Wallets/Statement?from=2026-11-24&to=2026-11-25' });
    const card = await screen.findByTestId('statement');
    expect(within(card).getByText(/No entries in this period/)).toBeTruthy();
    expect(within(card).getByTestId('statement-closing').textContent).toContain('400 INR');
  });
});
