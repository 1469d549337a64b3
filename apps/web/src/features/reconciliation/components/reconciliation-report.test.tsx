// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reconciliation } from '@app/shared/schemas/money';
import { fakeApi, renderApp } from '@/test/render';
import { ReconciliationReport } from './reconciliation-report';

const sums = { orders: 3, weight: 40.5, vendor_amount: 1000, driver_amount: 100, b2c_value: 1250.25, margin: 150.25 };
const noHouseholds: Reconciliation['households'] = { rows: [], totals: { orders: 0, weight: 0, b2c_amount: 0 } };
const report = (balanced: boolean, households = noHouseholds, rows = [{ key: 1, name: 'Pune', ...sums }]): Reconciliation => ({
  group: 'city',
  from: '2026-11-01',
  to: '2026-11-23',
  rows,
  totals: sums,
  households,
  ledger: { credited: 5000, paid_out: 1200, balances: 3800, balanced },
});

describe('the reconciliation report', () => {
  it('shows the groups, the totals and a balanced ledger; the group and dates go to the URL', async () => {
    const api = fakeApi({ 'GET /reports/reconciliation': { body: report(true) } });
    const { location } = renderApp(<ReconciliationReport />, { route: '/Admin/Reconciliation?from=2026-11-01&to=2026-11-23' });
    const table = await screen.findByRole('table', { name: 'Completed orders by city' });
    expect(within(table).getByText('Pune')).toBeTruthy();
    expect(within(table).getByTestId('reconciliation-totals').textContent).toContain('1,250.25 INR');
    expect(screen.getByTestId('ledger-check').getAttribute('data-balanced')).toBe('true');
    expect(api.calls()).toContain('GET /reports/reconciliation?from=2026-11-01&to=2026-11-23&group=city');
    fireEvent.click(screen.getByRole('button', { name: 'Material' }));
    await waitFor(() => expect(location()).toContain('group=material'));
    await waitFor(() => expect(api.calls()).toContain('GET /reports/reconciliation?from=2026-11-01&to=2026-11-23&group=material'));
    // The chart's library is a lazy chunk: its first import is slow on a busy machine.
  }, 20_000);

  it('warns loudly when the books do not balance', async () => {
    fakeApi({ 'GET /reports/reconciliation': { body: report(false) } });
    renderApp(<ReconciliationReport />, { route: '/Admin/Reconciliation' });
    const alert = await screen.findByTestId('ledger-check');
    expect(alert.getAttribute('data-balanced')).toBe('false');
    expect(alert.textContent).toContain('The books do not balance');
  });

  it('shows household purchases per city and material under the vendor side, with their totals', async () => {
    const households: Reconciliation['households'] = {
      rows: [
        { city: { id: 1, name: 'Pune' }, material: { id: 4, name: 'Newspaper' }, orders: 2, weight: 12.5, b2c_amount: 187.5 },
        { city: { id: 1, name: 'Pune' }, material: { id: 5, name: 'Plastic' }, orders: 1, weight: 3, b2c_amount: 30 },
      ],
      totals: { orders: 2, weight: 15.5, b2c_amount: 217.5 },
    };
    fakeApi({ 'GET /reports/reconciliation': { body: report(true, households, []) } });
    renderApp(<ReconciliationReport />, { route: '/Admin/Reconciliation?from=2026-11-01&to=2026-11-23' });
    const table = await screen.findByRole('table', { name: 'Household purchases' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toBe('PuneNewspaper212.5 kg187.5 INR');
    expect(within(table).getByTestId('household-purchases-totals').textContent).toBe('Total215.5 kg217.5 INR');
    // No store pickups in the period, but the households' are there: the empty state says which side is empty.
    expect(screen.getByText('No completed store orders in this period')).toBeTruthy();
  });

  it('says when no household sold anything in the period', async () => {
    fakeApi({ 'GET /reports/reconciliation': { body: report(true) } });
    renderApp(<ReconciliationReport />, { route: '/Admin/Reconciliation?from=2026-11-01&to=2026-11-23' });
    expect((await screen.findByTestId('household-purchases-empty')).textContent).toBe('No household purchases in this period.');
    expect(screen.queryByRole('table', { name: 'Household purchases' })).toBeNull();
  });

  it('asks nothing of the server for a period that ends before it starts', async () => {
    const api = fakeApi({ 'GET /reports/reconciliation': { body: report(true) } });
    renderApp(<ReconciliationReport />, { route: '/Admin/Reconciliation?from=2026-11-20&to=2026-11-01' });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeTruthy();
    expect(api.calls()).toEqual([]);
  });
});
