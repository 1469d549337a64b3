// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';
import { anOrder, signInForTest } from '@/test/fixtures';
import { setRuntimeConfig } from '@/config/runtime-config';
import { API, fakeApi, renderApp, type FakeApi } from '@/test/render';
import { DriverHome } from '@/features/driver/components/driver-home';
import { NotificationsBell } from '@/features/settings/components/notifications-bell';
import { StoreDashboard } from '@/features/orders/components/store-dashboard';
import { Component as VendorHome } from './routes/vendor/home/home';
import { prefetchStartData } from './start-data';

// A phone home's first data, asked for by the session's start before the app has arrived
// (decision 087): the home must find it, not ask again. Each home here is the real component
// on the app's own query client, rendered after the start's requests.

const STORE: SessionUser = { memberId: 1, loginId: 'store@example.com', name: 'Sunita', role: 'store', storeId: 4, vendorId: null, driverId: null };
const VENDOR: SessionUser = { memberId: 2, loginId: 'vendor@example.com', name: 'Asha', role: 'vendor', storeId: null, vendorId: 6, driverId: null };
const DRIVER: SessionUser = { memberId: 3, loginId: 'driver@example.com', name: 'Ravi', role: 'driver', storeId: null, vendorId: null, driverId: 9 };

const ORDERS = { body: [anOrder({ id: 1, status: 'pending', status_label: 'Pending', driver: null })], headers: { 'x-total-count': '1' } };
const ROUTES = {
  'GET /orders': ORDERS,
  'GET /orders/counts': { body: { pending: 1 } },
  'GET /orders/stats': { body: [{ bucket: '2026-12-01', value: 7 }] },
  'GET /wallets/': { body: [{ vendor_id: 6, balance: 250, available: 200, transactions: [] }] },
  'GET /cities': { body: [{ id: 3, name: 'Pune', state: { id: 1, name: 'Maharashtra' } }] },
  'GET /notifications': { body: [], headers: { 'x-total-count': '2' } },
};

/** The start's requests for `user` on `path`, once they are answered. */
async function started(user: SessionUser, path: string) {
  setRuntimeConfig({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } });
  const api = fakeApi(ROUTES);
  signInForTest(user);
  void prefetchStartData(user, path);
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { api, asked: api.calls(), queries: startQueries() };
}

/** A home as its section's layout shows it: under the top bar's bell, whose count the start asks for too. */
const withBell = (home: ReactNode) => (
  <>
    <NotificationsBell />
    {home}
  </>
);

/**
 * The start's queries as the home left them: each must be one the home watches (the same key,
 * so the home used the start's answer) and fetched once, by the start.
 */
const startQueries = () => queryClient.getQueryCache().getAll();
function expectUsedAsStarted(started: ReturnType<typeof startQueries>, api: FakeApi, asked: string[]) {
  expect(started.map((query) => ({ key: query.queryHash, watched: query.getObserversCount() > 0, fetches: query.state.dataUpdateCount }))).toEqual(
    started.map((query) => ({ key: query.queryHash, watched: true, fetches: 1 })),
  );
  expect(api.calls().slice(asked.length).filter((call) => asked.includes(call))).toEqual([]);
}

describe("a phone home's first data, asked for at the session's start", () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => void session.signOut('user'));

  it("the store's latest orders and counts: the home shows them without asking again", async () => {
    const { api, asked, queries } = await started(STORE, '/Store/Home');
    expect(asked).toEqual(expect.arrayContaining(['GET /orders?limit=5', 'GET /orders/counts', 'GET /notifications?unread=true&limit=5']));
    renderApp(withBell(<StoreDashboard createAction={null} listHref={() => '/Store/Orders'} />), { client: queryClient });
    expect(await screen.findByText(/^#00000001 · /)).toBeTruthy();
    expectUsedAsStarted(queries, api, asked);
  });

  it("the vendor's figures of the month and wallet: the home shows them without asking again", async () => {
    const { api, asked, queries } = await started(VENDOR, '/vendor/home');
    expect(asked.filter((call) => call.startsWith('GET /orders/stats?'))).toHaveLength(2);
    expect(asked).toEqual(expect.arrayContaining(['GET /orders/counts', 'GET /wallets/?transactions_limit=0']));
    renderApp(withBell(<VendorHome />), { client: queryClient, route: '/Vendor/Home' });
    await waitFor(() => expect(screen.getByTestId('kpi-orders-month').textContent).toContain('7'));
    // The bell's count came with the start.
    expect(screen.getByRole('button', { name: /2 unread/i })).toBeTruthy();
    expectUsedAsStarted(queries, api, asked);
  });

  it("the driver's pickups, held orders and cities: the board shows them without asking again", async () => {
    const { api, asked, queries } = await started(DRIVER, '/');
    expect(asked).toHaveLength(4);
    expect(asked).toEqual(expect.arrayContaining(['GET /cities', 'GET /notifications?unread=true&limit=5']));
    renderApp(withBell(<DriverHome />), { client: queryClient, route: '/Driver/Home' });
    expect((await screen.findAllByText('#00000001')).length).toBeGreaterThan(0);
    // The card's address names the city from the start's answer.
    expect((await screen.findAllByText(/, Pune$/)).length).toBeGreaterThan(0);
    expectUsedAsStarted(queries, api, asked);
  });

  it('asks for nothing on any other page', async () => {
    const { asked } = await started(STORE, '/Store/Orders');
    expect(asked).toEqual([]);
  });
});
