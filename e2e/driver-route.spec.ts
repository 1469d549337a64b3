import type { APIRequestContext, Page } from '@playwright/test';
import { formatDistance } from '@app/shared/format';
import { directionsUrl, distanceKm, type GeoPoint } from '@app/shared/geo';
import { refuseTheInternet } from './map-tiles';
import { controlledByServiceWorker, goOffline } from './offline';
import { API, call, DEMO, DEMO_PASSWORD, expect, signIn, test, tokenOf, uniqueLoginId } from './support';

// The driver's pickups nearest first and the day's route (design.md section 18), on a phone
// whose position the browser emulates: km on each card, Navigate and Call, the accepted
// pickups numbered from where the phone is with one multi-stop link, and the numbered list
// again offline from what the phone kept. Nothing may reach the internet.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Shivaji Nagar, Pune; one store 1.6 km away (Deccan), one 8 km (Katraj).
const PHONE = { lat: 18.5308, lng: 73.8475 };
const NEAR = { lat: 18.5204, lng: 73.8567 };
const FAR = { lat: 18.4575, lng: 73.8508 };
/** Where the app keeps its query cache on the device (apps/web/src/lib/query-persist.ts QUERY_CACHE_DB). */
const QUERY_CACHE_DB = 'kabadi-query-cache';

interface StoreAnswer {
  id: number;
  name: string;
  city: { id: number };
  vendor: { id: number } | null;
}

/** A new store in the demo driver's city, of the demo vendor, with a pin, a phone and one pickup waiting. */
async function storeWithPickup(request: APIRequestContext, admin: string, template: StoreAnswer, name: string, location: GeoPoint, phone: string) {
  const loginId = uniqueLoginId('route-store');
  const password = 'route-store-1';
  const store = await call<{ id: number }>(request, admin, 'POST', '/stores/', {
    login_id: loginId,
    password,
    name,
    contact_name: 'Asha',
    phone,
    city_id: template.city.id,
    address: `${name} Road`,
    vendor_id: template.vendor!.id,
  });
  await call(request, admin, 'PATCH', `/stores/${store.id}`, { location });
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const token = ((await response.json()) as { access_token: string }).access_token;
  const materials = await call<Array<{ id: number }>>(request, token, 'GET', '/materials');
  const order = await call<{ id: number }>(request, token, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });
  return { orderId: order.id, phone };
}

/** The ids of the held orders (the list asked with `driver_id`) in the query cache the phone keeps (lib/query-persist.ts). */
function keptHeldOrderIds(page: Page): Promise<number[]> {
  return page.evaluate(async (database) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(database);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const all = db.transaction('caches').objectStore('caches').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    type Kept = { state: { queries: Array<{ queryKey: unknown[]; state: { data?: { items?: Array<{ id: number }> } } }> } };
    const queries = (records as Kept[]).flatMap((record) => record.state.queries);
    const held = queries.find((query) => typeof query.queryKey[2] === 'object' && query.queryKey[2] !== null && 'driver_id' in query.queryKey[2]);
    return held?.state.data?.items?.map((item) => item.id) ?? [];
  }, QUERY_CACHE_DB);
}

test("the driver's pickups come nearest first, and the day's route is numbered from the phone, online and offline", async ({ page, context, request }) => {
  const outside = refuseTheInternet(context);
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const demoStore = (await call<StoreAnswer[]>(request, admin, 'GET', '/stores?limit=500')).find((store) => store.name === 'Sunita Kabadi Store')!;
  // The far store's pickup is older: by waiting time it would come first.
  // Members' phones are unique (design.md section 20): new ones for each run.
  const nearPhone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const far = await storeWithPickup(request, admin, demoStore, `Katraj Scrap ${Date.now().toString(36)}`, FAR, `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  const near = await storeWithPickup(request, admin, demoStore, `Deccan Scrap ${Date.now().toString(36)}`, NEAR, nearPhone);

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: PHONE.lat, longitude: PHONE.lng, accuracy: 20 });
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await controlledByServiceWorker(page);

  // Asked once, with the reason first (the store's, above the lists, while the demo's moving order is on the way: decision 078).
  await page.getByRole('tab', { name: /^To take/ }).click();
  const ask = page.getByTestId('position-ask');
  await expect(ask).toContainText('shared with that store and the admins, and deleted a day after the pickup');
  await ask.getByRole('button', { name: 'Use my position' }).click();
  await expect(page.getByTestId('position-note')).toHaveText(/^Distances from where you are now[.;]/);

  // Nearest first: our two pinned stores before every pickup without a pin.
  const cards = page.locator('article[data-order-id]');
  await expect(cards.nth(0)).toHaveAttribute('data-order-id', String(near.orderId));
  await expect(cards.nth(1)).toHaveAttribute('data-order-id', String(far.orderId));
  const km = (to: GeoPoint) => formatDistance(Math.round(distanceKm(PHONE, to) * 100) / 100);
  await expect(cards.nth(0).getByTestId('pickup-distance')).toHaveText(km(NEAR));
  await expect(cards.nth(1).getByTestId('pickup-distance')).toHaveText(km(FAR));
  await expect(cards.nth(0).getByRole('link', { name: 'Navigate' })).toHaveAttribute('href', directionsUrl(NEAR));
  await expect(cards.nth(0).getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:${nearPhone}`);
  await page.screenshot({ path: '/tmp/driver-route-nearest.png', fullPage: true });

  // The choice is remembered: a later visit asks no question.
  await page.reload();
  await page.getByRole('tab', { name: /^To take/ }).click();
  await expect(cards.nth(0)).toHaveAttribute('data-order-id', String(near.orderId));
  await expect(page.getByTestId('position-ask')).toHaveCount(0);

  // Accept both (the far one first), then the route puts the near one first.
  for (const orderId of [far.orderId, near.orderId]) {
    await page.locator(`article[data-order-id="${orderId}"]`).getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(new RegExp(`/Driver/Orders/OrderDetail\\?id=${orderId}$`, 'i'));
    await page.goto('/Driver/Home');
    await page.getByRole('tab', { name: /^To take/ }).click();
  }

  await page.goto('/Driver/Route');
  const stops = page.getByTestId('route-stop');
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toHaveAttribute('data-order-id', String(near.orderId));
  await expect(stops.nth(1)).toHaveAttribute('data-order-id', String(far.orderId));
  await expect(stops.getByTestId('stop-number')).toHaveText(['1', '2']);
  await expect(page.getByTestId('route-total')).toHaveText(/^[\d.]+ km in all$/);
  const links = page.getByTestId('route-link');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveText('Open the whole route');
  const route = new URL((await links.getAttribute('href'))!);
  expect(route.searchParams.get('origin')).toBe(`${PHONE.lat},${PHONE.lng}`);
  expect(route.searchParams.get('waypoints')).toBe(`${NEAR.lat},${NEAR.lng}`);
  expect(route.searchParams.get('destination')).toBe(`${FAR.lat},${FAR.lng}`);
  await page.screenshot({ path: '/tmp/driver-route-online.png', fullPage: true });

  // No signal: the numbered list comes from what the phone kept (written within a second of an answer).
  await expect.poll(() => keptHeldOrderIds(page)).toEqual(expect.arrayContaining([near.orderId, far.orderId]));
  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toHaveAttribute('data-order-id', String(near.orderId));
  await expect(stops.getByTestId('stop-number')).toHaveText(['1', '2']);
  await page.screenshot({ path: '/tmp/driver-route-offline.png', fullPage: true });

  expect(outside, 'requests to the internet').toEqual([]);
});
