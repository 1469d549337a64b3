import type { APIRequestContext, Page } from '@playwright/test';
import type { GeoPoint } from '@app/shared/geo';
import { API, call, DEMO, expect, signIn, test, tokenOf, uniqueLoginId } from './support';

// The driver's position while on the way to a pickup (design.md section 19, decision 078), on
// a phone whose position the browser emulates: asked with the store's reason first, sent at
// once and then at most every 15 s with where the phone is now, giving the store an ETA; and
// never sent while no order of the driver is moving.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Pune: the store at Deccan, the phone at Shivaji Nagar, then 600 m on towards the store.
const STORE_PIN = { lat: 18.5204, lng: 73.8567 };
const FIRST = { lat: 18.5308, lng: 73.8475 };
const SECOND = { lat: 18.5265, lng: 73.852 };
const PASSWORD = 'position-test-1';

interface StoreAnswer {
  name: string;
  city: { id: number };
  vendor: { id: number } | null;
}

interface PositionPost {
  status: number;
  body: { lat: number; lng: number; accuracy_m?: number; at: string };
  /** Epoch ms the answer came. */
  at: number;
}

/** An Indian mobile number no other run uses (a member's phone is unique). */
const uniquePhone = () => `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function login(request: APIRequestContext, loginId: string, password: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A driver of its own (the demo driver already holds a moving order) in the demo store's city,
 * holding one pickup of a new pinned store of the demo vendor, taken up to `status`.
 */
async function driverWithPickup(request: APIRequestContext, status: 'accepted' | 'moving') {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const demoStore = (await call<StoreAnswer[]>(request, admin, 'GET', '/stores?limit=500')).find((store) => store.name === 'Sunita Kabadi Store')!;
  const driverLogin = uniqueLoginId('position-driver');
  await call(request, admin, 'POST', '/drivers/', { login_id: driverLogin, password: PASSWORD, name: 'Mohan', phone: uniquePhone(), city_id: demoStore.city.id, vehicle_number: 'MH12 PQ 4321' });
  const storeLogin = uniqueLoginId('position-store');
  const store = await call<{ id: number }>(request, admin, 'POST', '/stores/', {
    login_id: storeLogin,
    password: PASSWORD,
    name: `Deccan Scrap ${Date.now().toString(36)}`,
    contact_name: 'Asha',
    phone: uniquePhone(),
    city_id: demoStore.city.id,
    address: 'Deccan Road',
    vendor_id: demoStore.vendor!.id,
  });
  // The pin gives the store its ETA.
  await call(request, admin, 'PATCH', `/stores/${store.id}`, { location: STORE_PIN });
  const storeToken = await login(request, storeLogin, PASSWORD);
  const materials = await call<Array<{ id: number }>>(request, storeToken, 'GET', '/materials');
  const order = await call<{ id: number }>(request, storeToken, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });
  const driverToken = await login(request, driverLogin, PASSWORD);
  for (const step of status === 'moving' ? ['accepted', 'moving'] : ['accepted']) await call(request, driverToken, 'PATCH', `/orders/${step}/${order.id}/`);
  return { admin, driverLogin, orderId: order.id };
}

/** Every position the page posts, with the API's answer. */
function positionPosts(page: Page): PositionPost[] {
  const posts: PositionPost[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith('/drivers/me/position')) return;
    posts.push({ status: response.status(), body: request.postDataJSON() as PositionPost['body'], at: Date.now() });
  });
  return posts;
}

const near = (body: PositionPost['body'], point: GeoPoint) => Math.abs(body.lat - point.lat) < 1e-6 && Math.abs(body.lng - point.lng) < 1e-6;

test('a driver on the way shares its position once it agrees: at once, then at most every 15 s with where it is now', async ({ page, context, request }) => {
  const { admin, driverLogin, orderId } = await driverWithPickup(request, 'moving');
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: FIRST.lat, longitude: FIRST.lng, accuracy: 20 });
  const posts = positionPosts(page);
  await signIn(page, driverLogin, PASSWORD, DEMO.driver.start);

  // Asked with the store's reason first; nothing is sent before the yes.
  const ask = page.getByTestId('position-ask');
  await expect(ask).toContainText('Let the store see you coming?');
  await expect(ask).toContainText('While you are on the way to a pickup, your position is shared with that store and the admins, and deleted a day after the pickup.');
  expect(posts).toEqual([]);
  await ask.getByRole('button', { name: 'Use my position' }).click();
  await expect(page.getByTestId('position-note')).toHaveText('Distances from where you are now; the store you are on the way to sees you coming.');

  await expect.poll(() => posts.length).toBeGreaterThan(0);
  expect(posts[0]!.status).toBe(204);
  expect(posts[0]!.body).toMatchObject({ ...FIRST, accuracy_m: 20 });
  expect(Math.abs(Date.parse(posts[0]!.body.at) - posts[0]!.at)).toBeLessThan(60_000);
  // The admins (and the store) now see the order's ETA from it.
  const eta = (await call<{ eta: { distance_km: number; minutes: number } | null }>(request, admin, 'GET', `/orders/${orderId}/`)).eta;
  expect(eta?.distance_km).toBeGreaterThan(1);

  // The phone moves on: the new place goes at the next turn, about 15 s after the first post.
  await context.setGeolocation({ latitude: SECOND.lat, longitude: SECOND.lng, accuracy: 15 });
  await expect.poll(() => posts.some((post) => near(post.body, SECOND)), { timeout: 30_000 }).toBe(true);
  const moved = posts.find((post) => near(post.body, SECOND))!;
  expect(moved.status).toBe(204);
  const gap = moved.at - posts[0]!.at;
  expect(gap).toBeGreaterThan(14_000);
  expect(gap).toBeLessThan(25_000);
  expect(posts.map((post) => post.status)).toEqual(posts.map(() => 204));
  // Never more often than every 15 s (the API would say 429 below 5 s).
  for (let i = 1; i < posts.length; i += 1) expect(posts[i]!.at - posts[i - 1]!.at).toBeGreaterThan(14_000);
  const closer = (await call<{ eta: { distance_km: number } | null }>(request, admin, 'GET', `/orders/${orderId}/`)).eta;
  expect(closer?.distance_km).toBeLessThan(eta!.distance_km);
});

test('with no order moving, the position is used on the phone and sent nowhere', async ({ page, context, request }) => {
  const { driverLogin, orderId } = await driverWithPickup(request, 'accepted');
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: FIRST.lat, longitude: FIRST.lng, accuracy: 20 });
  // The driver said yes before (lib/position-choice.ts keeps it on the device).
  await context.addInitScript(() => window.localStorage.setItem('position.choice', 'use'));
  const posts = positionPosts(page);
  await signIn(page, driverLogin, PASSWORD, DEMO.driver.start);

  await expect(page.locator(`article[data-order-id="${orderId}"]`)).toBeVisible();
  await expect(page.getByTestId('position-ask')).toHaveCount(0);
  // The phone has its position (the pickup's km is from it), and keeps it to itself.
  await page.getByRole('tab', { name: /^To take/ }).click();
  await expect(page.getByTestId('position-note')).toHaveText('Distances from where you are now.');
  await page.waitForTimeout(5_000);
  expect(posts).toEqual([]);
});
