// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@app/shared/schemas/money';
import { API, fakeApi, renderApp } from '@/test/render';
import { WalletView } from './wallet-view';

const credit = (id: number, amount: number, balance: number): LedgerEntry => ({
  id,
  kind: 'order_credit',
  amount,
  balance_after: balance,
  order_id: 100 + id,
  payout_id: null,
  created_at: '2026-11-20T10:00:00Z',
});
const payout: LedgerEntry = { id: 3, kind: 'payout', amount: -50, balance_after: 250, order_id: null, payout_id: 9, created_at: '2026-11-21T10:00:00Z' };

describe("a vendor's wallet", () => {
  it('shows the balance and what is available, and pages through the ledger', async () => {
    const api = fakeApi({
      'GET /wallets/': { body: [{ vendor_id: 3, balance: 250, available: 200, transactions: [] }] },
      'GET /wallets/transactions': (request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor
          ? Response.json([credit(1, 100, 100)], { headers: { 'x-total-count': '3' } })
          : Response.json([payout, credit(2, 200, 300)], { headers: { 'x-total-count': '3', link: `<${API}/wallets/transactions?limit=25&cursor=2>; rel="next"` } });
      },
    });
    renderApp(
      <WalletView party="vendor" actions={(wallet) => <span>actions for {wallet?.available}</span>} statementHref="/Vendor/Wallets/Statement" orderHref={(id) => `/o/${id}`} emptyActionHref="/Vendor/Orders" />,
    );
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('250 INR');
    expect(screen.getByTestId('wallet-available').textContent).toBe('Available to pay out: 200 INR');
    // The amount on one line of its own: a phone does not break it after the figure.
    expect(getComputedStyle(screen.getByText('200 INR')).whiteSpace).toBe('nowrap');
    expect(screen.getByText('actions for 200')).toBeTruthy();
    expect(api.calls()).toContain('GET /wallets/?transactions_limit=0');
    const table = await screen.findByTestId('ledger-table');
    expect(within(table).getByText('Payout #9')).toBeTruthy();
    expect(within(table).getByText('-50 INR')).toBeTruthy();
    expect(screen.getByText('2 of 3 transactions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getByRole('link', { name: '#00000101' }).getAttribute('href')).toBe('/o/101'));
    expect(api.calls()).toContain('GET /wallets/transactions?limit=25&cursor=2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says how the ledger fills before the first credit', async () => {
    fakeApi({ 'GET /wallets/': { body: [] }, 'GET /wallets/transactions': { body: [], headers: { 'x-total-count': '0' } } });
    renderApp(<WalletView party="vendor" statementHref="/s" orderHref={(id) => `/o/${id}`} emptyActionHref="/Vendor/Orders" />);
    expect(await screen.findByText('Your wallet opens with your first completed order.')).toBeTruthy();
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
  });

  it("labels what a driver paid a household at the door (design.md section 21)", async () => {
    const paid: LedgerEntry = { id: 5, kind: 'household_payment', amount: 187.5, balance_after: 287.5, order_id: 77, payout_id: null, created_at: '2026-11-22T10:00:00Z' };
    fakeApi({
      'GET /wallets/driver-earnings': { body: [{ driver_id: 9, balance: 287.5, available: 287.5, transactions: [] }] },
      'GET /wallets/transactions': { body: [paid, credit(1, 100, 100)], headers: { 'x-total-count': '2' } },
    });
    renderApp(<WalletView party="driver" statementHref="/s" orderHref={(id) => `/o/${id}`} emptyActionHref="/Driver/Home" />);
    const table = await screen.findByTestId('ledger-table');
    const row = table.querySelector('tr[data-kind="household_payment"]');
    expect(row?.textContent).toContain('Paid to household');
    expect(within(row as HTMLElement).getByRole('link', { name: '#00000077' }).getAttribute('href')).toBe('/o/77');
    expect(table.querySelector('tr[data-kind="order_credit"]')?.textContent).toContain('Order credit');
  });
});
