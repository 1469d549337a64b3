// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Payout } from '@app/shared/schemas/money';
import { renderApp } from '@/test/render';
import { PayoutCards } from './payout-cards';

const paid: Payout = {
  id: 8,
  status: 'paid',
  amount: 123456.75,
  vendor_id: 3,
  driver_id: null,
  payee_name: 'Green Metals',
  note: 'To the account ending 4321, as last month',
  reference: 'UTR2026112300042',
  reason: null,
  created_at: '2026-11-23T10:00:00Z',
  decided_at: '2026-11-24T09:30:00Z',
};
const requested: Payout = { ...paid, id: 9, status: 'requested', amount: 1, note: null, reference: null, decided_at: null };

describe('payouts as cards on a phone', () => {
  it('shows each payout whole: amount and status first, when, the note, the bank reference, and its actions', () => {
    const cancel = vi.fn();
    renderApp(
      <>
        <h2 id="mine">Your payouts</h2>
        <PayoutCards
          rows={[paid, requested]}
          labelledBy="mine"
          actionsOf={(payout) => payout.status === 'requested' && <button onClick={() => cancel(payout.id)}>Cancel request</button>}
        />
      </>,
    );
    const list = screen.getByRole('list', { name: 'Your payouts' });
    const [first, second] = within(list).getAllByRole('listitem').filter((item) => item.hasAttribute('data-payout-id'));
    expect(first!.getAttribute('data-payout-id')).toBe('8');
    expect(within(first!).getByText('1,23,456.75 INR')).toBeTruthy();
    expect(first!.querySelector('[data-status="paid"]')).toBeTruthy();
    expect(first!.textContent).toContain('To the account ending 4321, as last month');
    expect(first!.textContent).toContain('Bank reference: UTR2026112300042');
    expect(first!.textContent).toContain('Decided: ');
    expect(within(first!).queryByRole('button')).toBeNull();
    fireEvent.click(within(second!).getByRole('button', { name: 'Cancel request' }));
    expect(cancel).toHaveBeenCalledWith(9);
  });
});
