// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { fakeApi, renderApp } from '@/test/render';
import { anOrder } from '@/test/fixtures';
import { dismissOrderPopup, popupVersion, reopenOrderPopup, useDismissedOrderPopup } from '../utils/order-popup';
import { WaitingOrderNotice } from './waiting-order-notice';

function DismissedProbe() {
  return <span data-testid="dismissed">{useDismissedOrderPopup() ?? 'none'}</span>;
}

describe("the store home's notice of an order waiting for the store", () => {
  beforeEach(() => {
    session.setTokens({ accessToken: 'store-token', idToken: null, refreshToken: null, expiresAt: Date.now() + 3_600_000 });
    session.setUser({ memberId: 4, loginId: 'store@example.com', name: 'Sharma', role: 'store', storeId: 7, vendorId: null, driverId: null });
  });
  afterEach(() => {
    reopenOrderPopup();
    void session.signOut('user');
  });

  it('brings back the pop-up the store closed', async () => {
    const order = anOrder();
    fakeApi({ 'GET /orders': { body: [order], headers: { 'X-Total-Count': '1' } } });
    dismissOrderPopup(popupVersion(order));
    renderApp(
      <>
        <WaitingOrderNotice />
        <DismissedProbe />
      </>,
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('An order is waiting for you to confirm the weights.');
    expect(screen.getByTestId('dismissed').textContent).toBe(popupVersion(order));
    fireEvent.click(screen.getByRole('button', { name: 'Show the order' }));
    expect(screen.getByTestId('dismissed').textContent).toBe('none');
  });

  it('says nothing while no order waits', async () => {
    const api = fakeApi({ 'GET /orders': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderApp(<WaitingOrderNotice />);
    await vi.waitFor(() => expect(api.calls()).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
