import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatDistance, formatInteger } from '@app/shared/format';
import type { GeoPoint } from '@app/shared/geo';
import { API, call, DEMO, expect, signIn, test, tokenOf, uniqueLoginId } from './support';

// The store sees its driver coming (design.md section 19, decision 078): a new store with a
// pin opens its moving order and reads "Driver on the way: X km, about Y min"; the driver's
// phone posts another position (through the API, as the driver's app would) and the open
// page follows without a reload, through the change feed; then "Driver has arrived". The
// same order is open beside it in Hindi, on a phone, where the order's card says it too.

// Deccan, Pune: the store's pin. The driver comes from Katraj (about 9 km by road), then
// from Shivaji Nagar (about 2 km).
const STORE_PIN: GeoPoint = { lat: 18.5204, lng: 73.8567 };
const FAR: GeoPoint = { lat: 18.4575, lng: 73.8508 };
const NEAR: GeoPoint = { lat: 18.5308, lng: 73.8475 };
/** The API takes one position per driver every 5 s (429 faster). */
const POSITION_GAP_MS = 5_500;
/** The change feed brings it well before a poll would; a slow shared machine given room. */
const LIVE_MS = 10_000;

interface StoreAnswer {
  id: number;
  name: string;
  city: { id: number };
  vendor: { id: number } | null;
}
interface OrderAnswer {
  id: number;
  status: string;
  eta?: { distance_km: number; minutes: number; at: string } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function loginToken(request: APIRequestContext, loginId: string, password: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A new store of the demo vendor in the demo driver's city (Pune), pinned by itself on the map. */
async function pinnedStore(request: APIRequestContext, admin: string) {
  const demo = (await call<StoreAnswer[]>(request, admin, 'GET', '/stores?limit=500')).find((store) => store.name === 'Sunita Kabadi Store')!;
  const loginId = uniqueLoginId('eta-store');
  const password = 'eta-store-1';
  const name = `Deccan Scrap ${Date.now().toString(36)}`;
  const store = await call<{ id: number }>(request, admin, 'POST', '/stores/', {
    login_id: loginId,
    password,
    name,
    contact_name: 'Asha',
    phone: `+9198${String(Date.now()).slice(-8)}`,
    city_id: demo.city.id,
    address: `${name} Road, Pune`,
    vendor_id: demo.vendor!.id,
  });
  const token = await loginToken(request, loginId, password);
  await call(request, token, 'PATCH', `/stores/${store.id}/info`, { location: STORE_PIN });
  return { loginId, password, token };
}

/** The driver's phone: POST /drivers/me/position, waiting out a 429 (another test's post within 5 s). */
async function postPosition(request: APIRequestContext, driver: string, point: GeoPoint): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await request.post(`${API}/drivers/me/position`, {
      headers: { authorization: `Bearer ${driver}` },
      data: { ...point, accuracy_m: 15, at: new Date().toISOString() },
    });
    if (response.status() !== 429) {
      expect(response.status(), await response.text()).toBe(204);
      return;
    }
    await sleep(Number(response.headers()['retry-after'] ?? 5) * 1000 + 500);
  }
  throw new Error('POST /drivers/me/position kept answering 429');
}

/** The order's ETA as its store reads it from the API: what the page must say. */
async function etaOf(request: APIRequestContext, store: string, orderId: number) {
  const order = await call<OrderAnswer>(request, store, 'GET', `/orders/${orderId}/`);
  expect(order.status).toBe('moving');
  expect(order.eta, 'the ETA of a moving order whose store has a pin').toBeTruthy();
  return order.eta!;
}

const english = (eta: { distance_km: number; minutes: number }) => `Driver on the way: ${formatDistance(eta.distance_km, 'en')}, about ${formatInteger(eta.minutes)} min`;
const hindi = (eta: { distance_km: number; minutes: number }) => `ड्राइवर रास्ते में है: ${formatDistance(eta.distance_km, 'hi')}, लगभग ${formatInteger(eta.minutes)} मिनट`;

/** Errors the extra browser logged (the default page is checked by support.ts). */
let pageErrors: string[] = [];

/** A second person's phone, switched to Hindi on the sign-in page before signing in. */
async function hindiPhone(browser: Browser, loginId: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto('/login');
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByLabel('ई-मेल').fill(loginId);
  await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill(password);
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await expect(page).toHaveURL(/\/Store\/Home$/i);
  return page;
}

/** Resolves once `page` has its change feed open (the answer to GET /events has begun). */
const feedOpened = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/events' && response.ok(), { timeout: 60_000 });

test("the store's open order follows its driver: how far and how long, then arrived, in English and in Hindi", async ({ page, browser, request }) => {
  pageErrors = [];
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const driver = await tokenOf(request, DEMO.driver.loginId);
  // Pickups are accepted only inside Settings -> Order's window (India time): open all day, as it was afterwards.
  const rules = await call<{ value: Record<string, unknown> }>(request, admin, 'GET', '/settings/order');
  await call(request, admin, 'PUT', '/settings/order', { ...rules.value, pickup_window_start: '00:00', pickup_window_end: '23:59' });
  let orderId = 0;
  let hindiPage: Page | null = null;
  try {
    const store = await pinnedStore(request, admin);
    const materials = await call<Array<{ id: number }>>(request, store.token, 'GET', '/materials');
    orderId = (await call<{ id: number }>(request, store.token, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id, weight: 40 }] })).id;
    for (const action of ['accepted', 'moving']) await call(request, driver, 'PATCH', `/orders/${action}/${orderId}/`);
    await postPosition(request, driver, FAR);
    const far = await etaOf(request, store.token, orderId);
    const postedFarAt = Date.now();

    // The store's own page, in English. Its saved language is read once per page load: the
    // Hindi phone signs in after it, so its choice (saved for the member) does not reach here.
    const preferencesRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/settings/notification/me' && response.ok(), { timeout: 60_000 });
    await signIn(page, store.loginId, store.password, DEMO.store.start);
    const feed = feedOpened(page);
    await page.goto(`/Store/Orders?id=${orderId}`);
    const detail = page.getByTestId('store-order-detail');
    const eta = detail.getByTestId('driver-eta');
    await expect(eta).toHaveText(english(far));
    await Promise.all([feed, preferencesRead]);
    // A mark that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { etaMark: number }).etaMark = 1));

    hindiPage = await hindiPhone(browser, store.loginId, store.password);
    const hindiFeed = feedOpened(hindiPage);
    await hindiPage.goto(`/Store/Orders?id=${orderId}`);
    const hindiDetail = hindiPage.getByTestId('store-order-detail');
    const hindiEta = hindiDetail.getByTestId('driver-eta');
    await expect(hindiEta).toHaveText(hindi(far));
    await hindiFeed;
    await hindiPage.evaluate(() => ((window as unknown as { etaMark: number }).etaMark = 1));
    await page.screenshot({ path: test.info().outputPath('eta-far.png') });

    // The driver comes nearer: both open pages follow, without a reload.
    await sleep(Math.max(0, postedFarAt + POSITION_GAP_MS - Date.now()));
    await postPosition(request, driver, NEAR);
    const near = await etaOf(request, store.token, orderId);
    expect(near.distance_km).toBeLessThan(far.distance_km);
    await expect(eta).toHaveText(english(near), { timeout: LIVE_MS });
    await expect(hindiEta).toHaveText(hindi(near), { timeout: LIVE_MS });
    await expect(eta).toHaveAttribute('role', 'status');
    expect(await page.evaluate(() => (window as unknown as { etaMark?: number }).etaMark)).toBe(1);
    expect(await hindiPage.evaluate(() => (window as unknown as { etaMark?: number }).etaMark)).toBe(1);
    await page.screenshot({ path: test.info().outputPath('eta-near.png') });

    // At the store.
    await call(request, driver, 'PATCH', `/orders/arrived/${orderId}/`);
    await expect(eta).toHaveText('Driver has arrived', { timeout: LIVE_MS });
    await expect(hindiEta).toHaveText('ड्राइवर पहुँच गया है', { timeout: LIVE_MS });
    expect(await page.evaluate(() => (window as unknown as { etaMark?: number }).etaMark)).toBe(1);
    await hindiPage.screenshot({ path: test.info().outputPath('eta-arrived-hi.png') });

    // On the phone, the order's card in the list says it too.
    await hindiDetail.getByRole('button', { name: 'बंद करें' }).click();
    await expect(hindiDetail).toBeHidden();
    await expect(hindiPage.getByTestId('driver-eta-line')).toHaveText('ड्राइवर पहुँच गया है');
  } finally {
    await hindiPage?.context().close();
    if (orderId) await call(request, admin, 'PATCH', `/orders/cancel/${orderId}/`, { reason: 'Driver ETA test' });
    await call(request, admin, 'PUT', '/settings/order', rules.value);
  }
  expect(pageErrors, 'errors in the Hindi phone').toEqual([]);
});
