// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Filters from '@/components/list/filters';
import type * as DeferredRender from '@/components/page/deferred-render';
import { fakeApi, renderApp } from '@/test/render';
import { screenOf } from '@/test/screen-width';
import { anOrder } from '@/test/fixtures';
import { adminOrders, storeOrders } from './order-list-presets';
import { OrdersList } from './orders-list';

// How often the filter bar's search field renders: the answers must not draw it again (decision 059).
const searchRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/list/filters', async (importOriginal) => {
  const filters = await importOriginal<typeof Filters>();
  return {
    ...filters,
    SearchFilter: (props: Parameters<typeof filters.SearchFilter>[0]) => {
      searchRenders.count += 1;
      return filters.SearchFilter(props);
    },
  };
});

// The moment before what RenderAfterMount holds is drawn, held by a test that sets `held.on`.
const held = vi.hoisted(() => ({ on: false }));
vi.mock('@/components/page/deferred-render', async (importOriginal) => {
  const actual = await importOriginal<typeof DeferredRender>();
  return { ...actual, RenderAfterMount: ({ children }: { children: ReactNode }) => (held.on ? null : <actual.RenderAfterMount>{children}</actual.RenderAfterMount>) };
});

const counts = { pending: 1234, accepted: 0, moving: 0, arrived: 0, waiting_store: 1, waiting_admin: 3, waiting_driver: 0, issue: 0, completed: 12_500, cancelled: 2 };

function adminApi() {
  return fakeApi({
    'GET /orders': { body: [anOrder({ id: 42 }), anOrder({ id: 43, status: 'completed', status_label: 'Completed' })], headers: { 'x-total-count': '12345', 'x-total-count-estimated': 'true' } },
    'GET /orders/counts': { body: counts },
    'GET /saved-views/': { body: [{ id: 1, name: 'Big payouts', list: 'orders', query: 'ordering=-vendor_amount&status=completed', created_at: '2026-11-22T00:00:00Z' }] },
    'GET /stores': { body: [] },
    'GET /vendors': { body: [] },
    'GET /cities': { body: [] },
  });
}

describe('OrdersList', () => {
  afterEach(() => {
    held.on = false;
    vi.unstubAllGlobals();
  });

  it('on a phone, draws the cards of its first screen first and the rest in a commit of their own', async () => {
    screenOf(390);
    const orders = Array.from({ length: 10 }, (_, i) => anOrder({ id: 100 + i }));
    fakeApi({ 'GET /orders': { body: orders, headers: { 'x-total-count': '10' } }, 'GET /orders/counts': { body: counts }, 'GET /saved-views/': { body: [] } });
    held.on = true;
    const first = renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders' });
    expect(await screen.findByRole('link', { name: /#00000100/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /#\d{8}/ })).toHaveLength(6);
    first.unmount();

    held.on = false;
    renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders' });
    expect(await screen.findByRole('link', { name: /#00000109/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /#\d{8}/ })).toHaveLength(10);
  });

  it('on a phone, counts on its "Filters" button the filters set that it shows, not a parameter no field shows', async () => {
    screenOf(390);
    fakeApi({ 'GET /orders': { body: [anOrder({ id: 42 })], headers: { 'x-total-count': '1' } } });
    // The store's list has a status menu and no customer filter.
    renderApp(<OrdersList preset={storeOrders} />, { route: '/Store/Orders?status=pending&customer_kind=household' });
    // Without a detail page the store's card opens its lines: a button.
    expect(await screen.findByRole('button', { name: /#00000042/ })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Filters (1)' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByRole('group', { name: 'Filters' })).queryByRole('combobox', { name: 'Customer' })).toBeNull();
  });

  it('shows the rows, tabs with real counts and an estimated total', async () => {
    adminApi();
    renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/Admin/Orders/OrderDetail?id=${id}`} />, { route: '/Admin/Orders' });
    expect(await screen.findByRole('link', { name: 'Open order #00000042' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Pending\s*1\.2k/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Completed\s*12\.5k/ })).toBeTruthy();
    expect(screen.getByText('Showing 2 of about 12.3k')).toBeTruthy();
  });

  it('draws the answers in the tabs and the rows, not in the filter bar, and asks for no filter options nobody opened', async () => {
    const api = adminApi();
    renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders' });
    const before = searchRenders.count;
    expect(await screen.findByRole('link', { name: 'Open order #00000042' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: /Pending\s*1\.2k/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Saved views' })).toBeTruthy();
    expect(searchRenders.count).toBe(before);
    expect(api.calls().filter((call) => /^GET \/(stores|vendors|cities)/.test(call))).toEqual([]);
  });

  it('sorts on the server from a column header and keeps the sort in the URL', async () => {
    const api = adminApi();
    const { location } = renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders?status=pending' });
    fireEvent.click(await screen.findByRole('button', { name: 'Sort by Vendor amount' }));
    await waitFor(() => expect(location()).toBe('/Admin/Orders?status=pending&ordering=-vendor_amount'));
    await waitFor(() => expect(api.calls()).toContain('GET /orders?status=pending&ordering=-vendor_amount&limit=25'));
    // The counts never get a sort (the API refuses unknown parameters).
    expect(api.calls().filter((c) => c.startsWith('GET /orders/counts')).every((c) => !c.includes('ordering'))).toBe(true);
  });

  it('opens a saved view: its query becomes the list\'s', async () => {
    const api = adminApi();
    const { location } = renderApp(<OrdersList preset={adminOrders} />, { route: '/Admin/Orders?search=abc' });
    fireEvent.click(await screen.findByRole('button', { name: 'Saved views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Big payouts/ }));
    await waitFor(() => expect(location()).toBe('/Admin/Orders?ordering=-vendor_amount&status=completed'));
    await waitFor(() => expect(api.calls()).toContain('GET /orders?status=completed&ordering=-vendor_amount&limit=25'));
  });

  it('gives the store a status menu and a cancel button only where the transition table allows it', async () => {
    fakeApi({ 'GET /orders': { body: [anOrder({ id: 50, status: 'pending', status_label: 'Pending' }), anOrder({ id: 51, status: 'completed', status_label: 'Completed' })] } });
    renderApp(<OrdersList preset={storeOrders} />, { route: '/Store/Orders' });
    const pending = (await screen.findByRole('button', { name: 'Open order #00000050' })).closest('tr')!;
    const completed = screen.getByRole('button', { name: 'Open order #00000051' }).closest('tr')!;
    expect(within(pending).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(within(completed).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('filters by customer (stores or households) in the URL, the rows and the counts, and tags a household\'s row', async () => {
    const api = fakeApi({
      'GET /orders': {
        body: [anOrder({ id: 60, customer_kind: 'household', vendor_id: null, store: { id: 70, name: 'Asha Verma', address: '4 Lane', phone: null, location: null, city_id: 3, vendor_id: null } }), anOrder({ id: 61 })],
      },
      'GET /orders/counts': { body: counts },
      'GET /saved-views/': { body: [] },
    });
    const { location } = renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders' });
    const household = (await screen.findByRole('link', { name: 'Open order #00000060' })).closest('tr')!;
    expect(within(household).getByTestId('household-tag').textContent).toBe('Household');
    expect(within(screen.getByRole('link', { name: 'Open order #00000061' }).closest('tr')!).queryByTestId('household-tag')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Customer' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Households' }));
    await waitFor(() => expect(location()).toBe('/Admin/Orders?customer_kind=household'));
    await waitFor(() => expect(api.calls()).toContain('GET /orders?customer_kind=household&limit=25'));
    await waitFor(() => expect(api.calls()).toContain('GET /orders/counts?customer_kind=household'));
  });

  it('ignores a customer kind the API does not know (a hand-edited URL)', async () => {
    const api = adminApi();
    renderApp(<OrdersList preset={adminOrders} getDetailHref={(id) => `/x?id=${id}`} />, { route: '/Admin/Orders?customer_kind=shop' });
    expect(await screen.findByRole('link', { name: 'Open order #00000042' })).toBeTruthy();
    expect(api.calls()).toContain('GET /orders?limit=25');
  });

  it('offers the customer filter to the admin only', async () => {
    fakeApi({ 'GET /orders': { body: [anOrder({ id: 50 })] } });
    renderApp(<OrdersList preset={storeOrders} />, { route: '/Store/Orders' });
    expect(await screen.findByRole('button', { name: 'Open order #00000050' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
  });
});
