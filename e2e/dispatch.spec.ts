import type { APIRequestContext } from '@playwright/test';
import { formatDistance } from '@app/shared/format';
import { distanceKm, type GeoPoint } from '@app/shared/geo';
import { refuseTheInternet, TILES } from './map-tiles';
import { API, call, DEMO, DEMO_PASSWORD, expect, orderNumber, signIn, test, tokenOf, uniqueLoginId } from './support';

// The admins' dispatch (design.md section 19): a city of its own with one pending pickup at a
// pinned store and three drivers: one on the way nearby, one on the way farther, one whose
// position is unknown. The admin opens /Admin/Dispatch for the city, chooses the pickup, sees
// the drivers nearest first and sends it to the nearest: the order is then `waiting_driver`
// with that driver. On a desktop (1366 px) the map is beside the lists; on a tablet (1024 px)
// they are stacked, and there the tiles do not arrive: the lists carry everything. Tiles come
// from e2e/tile-server.mjs: nothing reaches the internet.

// Pune: the store that asks for the pickup (Deccan), where the near driver is (Shivaji Nagar,
// about 1.5 km away) and the far one (Katraj, about 7 km), and the store whose orders they hold.
const PICKUP_STORE = { lat: 18.5204, lng: 73.8567 };
const NEAR_DRIVER = { lat: 18.5308, lng: 73.8475 };
const FAR_DRIVER = { lat: 18.4575, lng: 73.8508 };
const OTHER_STORE = { lat: 18.5089, lng: 73.9259 };

interface City {
  id: number;
  name: string;
  state: { id: number };
}
interface Member {
  driver_id: number | null;
}
interface OrderAnswer {
  id: number;
  status: string;
  driver: { id: number } | null;
}

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A mobile number no other member has (phones are unique among members). */
const aPhone = () => `+91 9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function signInThroughApi(request: APIRequestContext, loginId: string, password: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A new city (Pune's rates), with a store of the demo vendor pinned at `pickupAt`, another at OTHER_STORE, and three drivers. */
async function newCity(request: APIRequestContext, admin: string) {
  const pune = (await call<City[]>(request, admin, 'GET', '/cities')).find((city) => city.name === 'Pune')!;
  const vendorId = (await call<Array<{ name: string; vendor: { id: number } | null }>>(request, admin, 'GET', '/stores?limit=500')).find((s) => s.name === 'Sunita Kabadi Store')!.vendor!.id;
  const tag = suffix();
  const city = await call<City>(request, admin, 'POST', '/cities', { state_id: pune.state.id, name: `Dispatch ${tag}`, copy_from_city_id: pune.id });

  async function store(name: string, location: GeoPoint) {
    const loginId = uniqueLoginId('dispatch-store');
    const password = 'dispatch-store-1';
    const created = await call<{ id: number }>(request, admin, 'POST', '/stores/', {
      login_id: loginId,
      password,
      name: `${name} ${tag}`,
      contact_name: 'Asha',
      phone: aPhone(),
      city_id: city.id,
      address: `${name} Road`,
      vendor_id: vendorId,
    });
    await call(request, admin, 'PATCH', `/stores/${created.id}`, { location });
    const token = await signInThroughApi(request, loginId, password);
    const materials = await call<Array<{ id: number }>>(request, token, 'GET', '/materials');
    // Weighed at the store's estimate: an admin's approval sends every line with a weight.
    const order = async () => (await call<OrderAnswer>(request, token, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id, weight: 12 }] })).id;
    return { name: `${name} ${tag}`, order };
  }

  async function driver(name: string) {
    const loginId = uniqueLoginId('dispatch-driver');
    const password = 'dispatch-driver-1';
    const member = await call<Member>(request, admin, 'POST', '/drivers', { login_id: loginId, password, name: `${name} ${tag}`, phone: aPhone(), city_id: city.id, vehicle_number: `MH12DP${tag.slice(-4)}` });
    return { id: member.driver_id!, name: `${name} ${tag}`, token: await signInThroughApi(request, loginId, password) };
  }

  return { city, store, driver };
}

/** The driver takes a pickup of `orderId` on the way and posts where its phone is. */
async function onTheWay(request: APIRequestContext, driver: { token: string }, orderId: number, at: GeoPoint) {
  for (const step of ['accepted', 'moving']) await call(request, driver.token, 'PATCH', `/orders/${step}/${orderId}/`);
  const response = await request.post(`${API}/drivers/me/position`, {
    headers: { authorization: `Bearer ${driver.token}` },
    data: { ...at, accuracy_m: 15, at: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(204);
}

const km = (from: GeoPoint) => formatDistance(distanceKm(from, PICKUP_STORE));

for (const { width, label, tilesArrive } of [
  { width: 1366, label: 'on a desktop, the map beside the lists', tilesArrive: true },
  { width: 1024, label: 'on a tablet without map tiles, the map above the lists', tilesArrive: false },
]) {
  test.describe(`at ${width}x768`, () => {
    test.use({ viewport: { width, height: 768 } });

    test(`the admin sends a pending pickup to the nearest driver of its city, ${label}`, async ({ page, context, request }) => {
      const outside = refuseTheInternet(context);
      const tiles: string[] = [];
      context.on('request', (r) => {
        if (r.url().startsWith(`${TILES.origin}/`)) tiles.push(r.url());
      });
      if (!tilesArrive) await context.route(`${TILES.origin}/**`, (route) => route.abort('connectionrefused'));
      const admin = await tokenOf(request, DEMO.admin.loginId);
      const { city, store, driver } = await newCity(request, admin);
      const other = await store('Hadapsar Scrap', OTHER_STORE);
      const deccan = await store('Deccan Scrap', PICKUP_STORE);
      const near = await driver('Near');
      const far = await driver('Far');
      const unknown = await driver('Unplaced');
      const nearHolds = await other.order();
      await onTheWay(request, near, nearHolds, NEAR_DRIVER);
      await onTheWay(request, far, await other.order(), FAR_DRIVER);
      const pickupId = await deccan.order();

      await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
      await page.goto(`/Admin/Dispatch?city_id=${city.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(`${city.name}, Maharashtra`);

      // The pending pickup, with how long it has waited and its slot.
      const pickups = page.getByTestId('dispatch-pickup');
      await expect(pickups).toHaveCount(1);
      const pickup = pickups.first();
      await expect(pickup).toHaveAttribute('data-order-id', String(pickupId));
      await expect(pickup).toContainText(deccan.name);
      await expect(pickup.getByTestId('pickup-age')).toHaveText(/^Waiting (under a minute|\d+ minutes?)$/);
      await expect(pickup.getByTestId('pickup-slot')).toHaveText('Slot: any time in the pickup window');

      // The map: the pickup and the two placed drivers, by kind and name; tiles from the local server.
      const map = page.getByRole('region', { name: 'Map', exact: true });
      await expect(map.getByText(TILES.attribution)).toBeVisible();
      if (!tilesArrive) await expect(map.getByText('The map could not load. The places are still listed.')).toBeVisible();
      const pickupMarker = map.getByRole('button', { name: new RegExp(`^${deccan.name}, ${orderNumber(pickupId)}, waiting`) });
      await expect(pickupMarker).toBeVisible();
      await expect(map.getByRole('button', { name: `Driver ${near.name}: holds ${orderNumber(nearHolds)}`, exact: true })).toBeVisible();
      await expect(map.getByRole('button', { name: new RegExp(`^Driver ${far.name}:`) })).toBeVisible();
      await expect(map.locator('.kabadi-marker--driver')).toHaveCount(2);

      // Desktop: the map beside the pickups; tablet: above them.
      const mapBox = (await map.boundingBox())!;
      const listBox = (await page.getByRole('region', { name: 'Pending pickups', exact: true }).boundingBox())!;
      if (width >= 1200) {
        expect(listBox.x).toBeGreaterThanOrEqual(mapBox.x + mapBox.width);
        expect(listBox.y).toBeLessThan(mapBox.y + mapBox.height);
      } else {
        expect(listBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
        expect(Math.abs(listBox.x - mapBox.x)).toBeLessThan(2);
      }

      // Choose the pickup: on the map on a desktop, in the list on a tablet.
      if (width >= 1200) await pickupMarker.click();
      else await pickup.getByRole('button').click();
      await expect(pickup.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
      await expect(map.locator('.kabadi-marker--selected')).toHaveCount(1);
      await expect(page.getByRole('heading', { name: `Drivers nearest to ${deccan.name}` })).toBeVisible();

      // Nearest first, the driver without a position after, saying so.
      const drivers = page.getByTestId('dispatch-driver');
      await expect(drivers).toHaveCount(3);
      await expect(drivers.nth(0)).toHaveAttribute('data-driver-id', String(near.id));
      await expect(drivers.nth(1)).toHaveAttribute('data-driver-id', String(far.id));
      await expect(drivers.nth(2)).toHaveAttribute('data-driver-id', String(unknown.id));
      await expect(drivers.nth(0).getByTestId('driver-distance')).toHaveText(`${km(NEAR_DRIVER)} away`);
      await expect(drivers.nth(1).getByTestId('driver-distance')).toHaveText(`${km(FAR_DRIVER)} away`);
      await expect(drivers.nth(2).getByTestId('driver-position')).toHaveText('Position unknown');
      await expect(drivers.nth(0).getByTestId('driver-holds')).toContainText('Holds 1 order:');
      await expect(drivers.nth(0).getByTestId('driver-holds')).toContainText('Onmoving');
      await page.screenshot({ path: test.info().outputPath(`dispatch-${width}.png`), fullPage: true });

      await drivers.nth(0).getByRole('button', { name: 'Send to driver' }).click();
      await expect(page.getByText(`${orderNumber(pickupId)} was sent to ${near.name}.`)).toBeVisible();
      await expect(page.getByText(`No pending pickups in ${city.name}`)).toBeVisible();
      // The driver now holds it: the drivers' list says so without a reload.
      await expect(page.getByTestId('dispatch-driver').filter({ hasText: near.name }).getByTestId('driver-holds')).toContainText('Holds 2 orders:');

      const order = await call<OrderAnswer>(request, admin, 'GET', `/orders/${pickupId}/`);
      expect(order.status).toBe('waiting_driver');
      expect(order.driver?.id).toBe(near.id);

      expect(tiles.length, 'tiles from MAP_TILE_URL').toBeGreaterThan(0);
      expect(outside, 'requests to the internet').toEqual([]);
    });
  });
}
