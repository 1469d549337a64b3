// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { anOrder, aStoreDetail, copper, signInForTest, STORE_MEMBER } from '@/test/fixtures';
import { fakeApi, renderApp } from '@/test/render';
import { StoreOrderDialog } from './store-order-dialog';

// The pop-up's every render, counted: it stands in for the dialog and its forms.
const dialogRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./order-review-dialog', () => ({
  OrderReviewDialog: ({ order }: { order: { id: number } }) => {
    dialogRenders.count += 1;
    return <div role="dialog" aria-label={`Order ${order.id}`} />;
  },
}));

function storeApi(order: ReturnType<typeof anOrder>) {
  return fakeApi({
    'GET /orders': { body: [order], headers: { 'X-Total-Count': '1' } },
    'GET /materials': { body: [copper] },
    'GET /stores/7': { body: aStoreDetail() },
    'GET /rates': { body: [] },
  });
}

describe("the store's pop-up while the catalogue comes in", () => {
  beforeEach(() => {
    signInForTest(STORE_MEMBER);
  });
  afterEach(() => void session.signOut('user'));

  it('is not drawn again for each answer of the create-order form’s prefetch', async () => {
    const order = anOrder({ id: 42, status: 'waiting_store', status_label: 'Waiting for store' });
    const api = storeApi(order);
    renderApp(<StoreOrderDialog />, { route: '/Store/Home' });
    await screen.findByRole('dialog', { name: 'Order 42' });
    const drawn = dialogRenders.count;
    // Once the page has settled (a second), the materials, the store and then its city's rates.
    await waitFor(() => expect(api.calls().some((call) => call.startsWith('GET /rates'))).toBe(true), { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls().filter((call) => /^GET \/(materials|stores\/7)/.test(call))).toHaveLength(2);
    expect(dialogRenders.count).toBe(drawn);
  });
});
