import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, closeOrderPopup, expect, signIn, test } from './support';

// Live screens (design.md section 12): two people side by side, each in their own browser
// context; a change one makes shows on the other's open screen without a reload, through
// the change feed (GET /events), and through the 5-second polling while the feed is cut.
// The other side's changes are sent through the API, as their phone or browser would.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;
/** Well under the 5-second fallback poll: only a server event explains a change this fast. */
const LIVE_MS = 3_000;
/** One polling period, the request, and a slow shared machine. */
const POLL_MS = 12_000;

interface ApiOrder {
  id: number;
  status: string;
  details: { id: number; material: { id: number; name: string }; weight: number | null }[];
}

async function tokenOf(request: APIRequestContext, loginId: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** A 1x1 PNG: enough for the API to take it as a photo of the load. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const number = (id: number) => `#${String(id).padStart(8, '0')}`;

interface Actors {
  admin: string;
  store: string;
  driver: string;
}

async function actors(request: APIRequestContext): Promise<Actors> {
  const [admin, store, driver] = await Promise.all([tokenOf(request, DEMO.admin.loginId), tokenOf(request, DEMO.store.loginId), tokenOf(request, DEMO.driver.loginId)]);
  return { admin, store, driver };
}

/** Pickups are accepted only inside Settings -> Order's window (India time): open it all day for these tests. */
async function openPickupWindow(request: APIRequestContext, a: Actors): Promise<void> {
  const current = await call<{ value: Record<string, unknown> }>(request, a.admin, 'GET', '/settings/order');
  await call(request, a.admin, 'PUT', '/settings/order', { ...current.value, pickup_window_start: '00:00', pickup_window_end: '23:59' });
}

async function createOrder(request: APIRequestContext, a: Actors): Promise<ApiOrder> {
  const materials = await call<{ id: number; name: string }[]>(request, a.store, 'GET', '/materials');
  const copper = materials.find((m) => m.name === 'Copper') ?? materials[0]!;
  return call<ApiOrder>(request, a.store, 'POST', '/orders/', { details: [{ material_id: copper.id, weight: 60 }] });
}

/** What the extra browsers logged as errors (the default page is checked by support.ts). */
let pageErrors: string[] = [];
test.beforeEach(() => {
  pageErrors = [];
});
test.afterEach(() => {
  expect(pageErrors, 'errors in the other browsers').toEqual([]);
});

/** A second person's browser, signed in on its own. */
async function personAt(browser: Browser, loginId: string, start: string, blockFeed = false): Promise<Page> {
  const context = await browser.newContext();
  // The feed cut at the network: every attempt fails, as behind a proxy that refuses streams.
  if (blockFeed) await context.route(/\/events(\?.*)?$/, (route) => route.abort());
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, loginId, DEMO_PASSWORD, start);
  return page;
}

/** Resolves once `page` has its change feed open (the answer to GET /events has begun). */
const feedOpened = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/events' && response.ok(), { timeout: 60_000 });

test('a new order and its cancellation show on the admin list and the store list at once, with no reload', async ({ browser, request }) => {
  const a = await actors(request);
  const admin = await personAt(browser, DEMO.admin.loginId, DEMO.admin.start);
  const adminFeed = feedOpened(admin);
  await admin.goto('/Admin/Orders');
  const store = await personAt(browser, DEMO.store.loginId, DEMO.store.start);
  const storeFeed = feedOpened(store);
  await store.goto('/Store/Orders');
  // The demo data leaves an order waiting for the store: its pop-up would cover the list.
  await closeOrderPopup(store);
  await expect(admin.getByRole('heading', { name: 'Orders' }).first()).toBeVisible();
  await expect(store.getByRole('heading', { name: 'Orders' }).first()).toBeVisible();
  // Both streams are open before the change (on a loaded machine that can take seconds),
  // and their subscriptions a moment later.
  await Promise.all([adminFeed, storeFeed]);
  await admin.waitForTimeout(1_000);

  const order = await createOrder(request, a);
  await expect(admin.getByText(number(order.id)).first()).toBeVisible({ timeout: LIVE_MS });
  await expect(store.getByText(number(order.id)).first()).toBeVisible({ timeout: LIVE_MS });

  await call(request, a.admin, 'PATCH', `/orders/cancel/${order.id}/`, { reason: 'Live test' });
  const storeRow = store.getByRole('row', { name: new RegExp(number(order.id)) });
  await expect(storeRow).toContainText('Cancelled', { timeout: LIVE_MS });
  await expect(admin.getByTestId('live-status')).toHaveCount(0);
  await admin.context().close();
  await store.context().close();
});

test('an open order page follows the driver step by step', async ({ browser, request }) => {
  const a = await actors(request);
  await openPickupWindow(request, a);
  const order = await createOrder(request, a);
  const admin = await personAt(browser, DEMO.admin.loginId, DEMO.admin.start);
  await admin.goto(`/Admin/Orders/OrderDetail?id=${order.id}`);
  await expect(admin.getByText(number(order.id)).first()).toBeVisible();
  await admin.waitForTimeout(1_000);

  await call(request, a.driver, 'PATCH', `/orders/accepted/${order.id}/`);
  await expect(admin.getByText('Accepted the pickup')).toBeVisible({ timeout: LIVE_MS });
  await call(request, a.driver, 'PATCH', `/orders/moving/${order.id}/`);
  await expect(admin.getByText('On the way', { exact: true })).toBeVisible({ timeout: LIVE_MS });
  await call(request, a.admin, 'PATCH', `/orders/cancel/${order.id}/`, { reason: 'Live test' });
  await admin.context().close();
});

test('with the feed cut, the screen says so and the 5-second polling still brings new orders', async ({ browser, request }) => {
  const a = await actors(request);
  const admin = await personAt(browser, DEMO.admin.loginId, DEMO.admin.start, true);
  await admin.goto('/Admin/Orders');
  await expect(admin.getByTestId('live-status')).toBeVisible();
  await expect(admin.getByTestId('live-status')).toHaveAccessibleName('Reconnecting…');

  const order = await createOrder(request, a);
  await expect(admin.getByText(number(order.id)).first()).toBeVisible({ timeout: POLL_MS });
  await call(request, a.admin, 'PATCH', `/orders/cancel/${order.id}/`, { reason: 'Live test' });
  await admin.context().close();
});

test("the store's order page shows the photos and the history of its order, before and after the weighing", async ({ page, request }) => {
  const a = await actors(request);
  await openPickupWindow(request, a);
  const order = await createOrder(request, a);
  for (const action of ['accepted', 'moving', 'arrived']) await call(request, a.driver, 'PATCH', `/orders/${action}/${order.id}/`);
  const upload = await request.post(`${API}/orders/${order.id}/images`, {
    headers: { authorization: `Bearer ${a.driver}` },
    multipart: { file: { name: 'load.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  const line = order.details[0]!;
  await call(request, a.driver, 'PATCH', `/orders/waiting_store/${order.id}/`, { details: [{ id: line.id, material_id: line.material.id, weight: '61.5' }] });

  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  // The pop-up asks the store about the newest order waiting for it (ours) and leads to its page.
  const popup = page.getByRole('dialog', { name: /^Order detail/ });
  await expect(popup).toContainText(number(order.id), { timeout: POLL_MS });
  await popup.getByRole('link', { name: 'See the photo and the history of this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/Store/Orders\\?id=${order.id}$`, 'i'));
  const detail = page.getByTestId('store-order-detail');
  await expect(detail.getByRole('heading', { name: `Order ${number(order.id)}` })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Open photo 1' })).toBeVisible();
  await expect(detail.getByText('Weighed the load')).toBeVisible();
  const diff = detail.getByRole('table', { name: 'Before / After' });
  await expect(diff).toContainText('60');
  await expect(diff).toContainText('61.5');
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Call admin' })).toBeVisible();
  await detail.getByRole('button', { name: 'Open photo 1' }).click();
  await expect(page.getByRole('dialog', { name: /Photo 1 of 1/ })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Order detail/ })).toHaveCount(0);
  await call(request, a.admin, 'PATCH', `/orders/cancel/${order.id}/`, { reason: 'Live test' });
});
