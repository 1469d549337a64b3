import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { refuseTheInternet, TILES } from './map-tiles';
import { API, BESIDE_OTHERS, call, DEMO, DEMO_PASSWORD, expect, signIn, test, tokenOf, uniqueLoginId } from './support';

// Maps (design.md section 18, decision 071): a store sets its pin on its information page by
// "Use where I am" and by a tap, and finds it again after a reload; the admin finds an order's
// store without a pin, sets it from the stores list and sees it on the order's map. Tiles come
// from e2e/tile-server.mjs: every request stays on this machine.

// Shivaji Nagar, Pune: where the emulated phone is.
const PHONE = { latitude: 18.5314, longitude: 73.8446 };

interface StoreAnswer {
  id: number;
  name: string;
  city: { id: number };
  vendor: { id: number } | null;
}

/** A member's access token, signed in through the API. */
async function loginToken(request: APIRequestContext, loginId: string, password: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A new store of the demo vendor in the demo store's city (Pune), with its sign-in, and one order waiting. */
async function newStore(request: APIRequestContext, prefix: string) {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const demo = (await call<StoreAnswer[]>(request, admin, 'GET', '/stores?limit=500')).find((store) => store.name === 'Sunita Kabadi Store')!;
  const loginId = uniqueLoginId(prefix);
  const password = 'maps-store-1';
  const name = `${prefix === 'map-admin' ? 'Pinless' : 'Pinned'} Scrap ${Date.now().toString(36)}`;
  const store = await call<{ id: number }>(request, admin, 'POST', '/stores/', {
    login_id: loginId,
    password,
    name,
    contact_name: 'Asha',
    // A member's phone is unique (design.md section 20): a new one for each store.
    phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    city_id: demo.city.id,
    address: `${name} Road, Pune`,
    vendor_id: demo.vendor!.id,
  });
  const token = await loginToken(request, loginId, password);
  const materials = await call<Array<{ id: number }>>(request, token, 'GET', '/materials');
  const order = await call<{ id: number }>(request, token, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });
  return { id: store.id, name, loginId, password, orderId: order.id };
}

/** Every request the context's pages make: those to another host are refused and kept; tile requests are counted. */
function watchRequests(context: BrowserContext) {
  const outside = refuseTheInternet(context);
  const tiles: string[] = [];
  context.on('request', (request) => {
    if (request.url().startsWith(`${TILES.origin}/`)) tiles.push(request.url());
  });
  return { outside, tiles };
}

const TILE_URL = new RegExp(`^${TILES.origin.replace(/[.]/g, '\\.')}/\\d+/\\d+/\\d+\\.png$`);

/** The place a picker shows, as its text says it. */
const coordinatesOf = (page: Page) => page.getByTestId('location-coordinates');

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, geolocation: PHONE, permissions: ['geolocation'] });

  test('a store pins itself by "Use where I am" and by a tap, and finds the pin after a reload', BESIDE_OTHERS, async ({ page, context, request }) => {
    const requests = watchRequests(context);
    const store = await newStore(request, 'map-store');
    await signIn(page, store.loginId, store.password, DEMO.store.start);
    await page.goto('/Store/Settings/Information');

    const section = page.getByRole('region', { name: 'Location' });
    await expect(section.getByText('No pin yet.')).toBeVisible();
    // The reason comes before the browser is asked.
    await expect(section.getByText('It is used once, to put the pin here, and is not kept.', { exact: false })).toBeVisible();
    await expect(section.getByText(TILES.attribution)).toBeVisible();

    await section.getByRole('button', { name: 'Use where I am' }).click();
    await expect(coordinatesOf(page)).toHaveText('Latitude 18.531400, Longitude 73.844600');
    const save = section.getByRole('button', { name: 'Save location' });
    await save.click();
    await expect(page.getByText('Location saved.')).toBeVisible();
    // Saved: the pin shown is the store's again, nothing is left to save.
    await expect(save).toBeDisabled();

    await page.reload();
    await expect(coordinatesOf(page)).toHaveText('Latitude 18.531400, Longitude 73.844600');
    expect((await call<{ location: unknown }>(request, await loginToken(request, store.loginId, store.password), 'GET', `/stores/${store.id}`)).location).toEqual({ lat: 18.5314, lng: 73.8446 });

    // A tap away from the pin moves it there.
    const map = section.locator('.leaflet-container');
    await expect(section.getByRole('button', { name: 'The pin' })).toBeVisible();
    const box = (await map.boundingBox())!;
    await map.tap({ position: { x: box.width * 0.2, y: box.height * 0.8 } });
    await expect(coordinatesOf(page)).not.toHaveText('Latitude 18.531400, Longitude 73.844600');
    const tapped = await coordinatesOf(page).textContent();
    expect(tapped).toMatch(/^Latitude 18\.\d{6}, Longitude 73\.\d{6}$/);
    await save.click();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(coordinatesOf(page)).toHaveText(tapped!);

    expect(requests.tiles.length, 'tiles from MAP_TILE_URL').toBeGreaterThan(0);
    expect(requests.tiles.every((url) => TILE_URL.test(url))).toBe(true);
    expect(requests.outside, 'requests to another host').toEqual([]);
  });
});

test.describe('on a desktop', () => {
  test("the admin sets an order's store pin from the stores list and sees it on the order's map", BESIDE_OTHERS, async ({ page, context, request }) => {
    const requests = watchRequests(context);
    const store = await newStore(request, 'map-admin');
    await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
    await page.goto(`/Admin/Orders/OrderDetail?id=${store.orderId}`);

    const card = page.getByRole('region', { name: 'Where the store is' });
    await expect(card.getByText('No location set for this store.')).toBeVisible();
    await card.getByRole('link', { name: 'Set it on the stores page' }).click();
    await expect(page).toHaveURL(/\/Admin\/Stores\?search=/);

    const row = page.getByRole('row').filter({ hasText: store.name });
    await row.getByRole('button', { name: `Set pin: ${store.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Location of ${store.name}` });
    // The empty picker starts on the store's city: a click in the middle is in Pune.
    const map = dialog.locator('.leaflet-container');
    await expect(dialog.getByText(TILES.attribution)).toBeVisible();
    await map.click();
    await expect(dialog.getByTestId('location-coordinates')).toHaveText(/^Latitude 18\.\d{6}, Longitude 73\.\d{6}$/);
    await dialog.getByRole('button', { name: 'Save location' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: `Change pin: ${store.name}` })).toBeVisible();

    await page.goto(`/Admin/Orders/OrderDetail?id=${store.orderId}`);
    await expect(card.getByRole('button', { name: `${store.name}: the store's pin` })).toBeVisible();
    await expect(card.getByText(`${store.name} Road, Pune`)).toBeVisible();

    expect(requests.tiles.length, 'tiles from MAP_TILE_URL').toBeGreaterThan(0);
    expect(requests.tiles.every((url) => TILE_URL.test(url))).toBe(true);
    expect(requests.outside, 'requests to another host').toEqual([]);
  });
});

test('the API answers the tile settings the browser tests run with', BESIDE_OTHERS, async ({ request }) => {
  const config = (await (await request.get('/config.json')).json()) as { map: unknown };
  expect(config.map).toEqual({ tileUrl: TILES.url, attribution: { text: TILES.attribution, url: null } });
});
