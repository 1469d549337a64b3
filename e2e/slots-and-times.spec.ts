import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { formatDateTime, formatDistanceMetres } from '@app/shared/format';
import { controlledByServiceWorker, goOffline, goOnline } from './offline';
import { call, clearWaitingStore, DEMO, DEMO_PASSWORD, expect, signIn, test, tokenOf, tokens } from './support';

// Design.md section 18 on a phone: an admin offers pickup slots, a store asks for tomorrow's,
// and a driver with no signal accepts, moves and arrives far from the store's pin. The
// steps keep the times they were taken, not the reconnection's, and the admin's history
// says how far from the store the driver arrived.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The store's pin (Pune, Shivaji Nagar) and the phone ~2.5 km east of it. */
const PIN = { lat: 18.5308, lng: 73.8475 };
const PHONE_AT = { latitude: 18.5308, longitude: 73.8712, accuracy: 15 };

interface OrderRules {
  value: Record<string, unknown> & { pickup_slots: { from: string; to: string }[] };
}
interface OrderAnswer {
  id: number;
  store: { id: number; location: { lat: number; lng: number } | null };
  pickup_slot: { date: string; from: string; to: string } | null;
  events: Array<{ action: string; occurred_at: string; created_at: string; arrived_distance_m: number | null }>;
}

async function phoneContext(browser: Browser, baseURL: string | undefined, extra: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, baseURL, ...extra });
}

/** What the test changed and must put back, even when it fails or times out. */
const undo: Array<(request: APIRequestContext, admin: string) => Promise<unknown>> = [];

test.afterEach(async ({ request }) => {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  for (const step of undo.splice(0).reverse()) await step(request, admin);
});

test('slots chosen by the store, and steps taken offline keep their times and where the driver arrived', async ({ page, browser, baseURL, request }) => {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const saved = (await call<OrderRules>(request, admin, 'GET', '/settings/order')).value;
  undo.push((r, token) => call(r, token, 'PUT', '/settings/order', saved));
  // Any hour of the run may accept a pickup; no slots yet: the admin adds them on the page.
  await call(request, admin, 'PUT', '/settings/order', { ...saved, pickup_window_start: '00:00', pickup_window_end: '23:59', pickup_slots: [], arrival_radius_m: 300 });
  const contexts: BrowserContext[] = [];
  try {
    // The admin defines two slots on Settings -> Order, on a phone.
    await page.setViewportSize(PHONE.viewport);
    await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
    await page.goto('/Admin/Settings/Order');
    await page.getByRole('button', { name: 'Add a slot' }).click();
    await page.getByRole('button', { name: 'Add a slot' }).click();
    await page.getByLabel('Slot 1 from').fill('09:00');
    await page.getByLabel('Slot 1 until').fill('12:00');
    await page.getByLabel('Slot 2 from').fill('14:00');
    await page.getByLabel('Slot 2 until').fill('17:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated successfully!')).toBeVisible();
    expect((await call<OrderRules>(request, admin, 'GET', '/settings/order')).value.pickup_slots).toEqual([
      { from: '09:00', to: '12:00' },
      { from: '14:00', to: '17:00' },
    ]);

    // The store asks for tomorrow afternoon and sees the slot on its order (no order of the
    // demo data waits for its check: that pop-up would cover the form).
    await clearWaitingStore(request, await tokens(request));
    const storeContext = await phoneContext(browser, baseURL);
    contexts.push(storeContext);
    const store = await storeContext.newPage();
    await signIn(store, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
    await store.goto('/Store/Orders/CreateOrder');
    await store.getByRole('combobox', { name: /^Material 1/ }).click();
    await store.getByRole('option', { name: 'Copper', exact: true }).click();
    await store.getByRole('combobox', { name: 'Day' }).selectOption({ label: 'Tomorrow' });
    await store.getByRole('combobox', { name: /^Time/ }).selectOption({ label: '14:00-17:00' });
    await store.getByRole('button', { name: 'Create order' }).click();
    const created = store.getByText(/^Order #\d{8} created\.$/);
    await expect(created).toBeVisible();
    const id = Number(/#(\d{8})/.exec((await created.textContent()) ?? '')![1]);
    await expect(store.locator('[data-testid="pickup-slot"]', { hasText: 'Pickup slot: Tomorrow 14:00-17:00' }).first()).toBeVisible();
    const order = await call<OrderAnswer>(request, admin, 'GET', `/orders/${id}/`);
    expect(order.pickup_slot).toMatchObject({ from: '14:00', to: '17:00' });

    // The store's pin, set by the admin (PATCH /stores/{id}).
    const { id: storeId, location: pinBefore } = order.store;
    undo.push((r, token) => call(r, token, 'PATCH', `/stores/${storeId}`, { location: pinBefore }));
    await call(request, admin, 'PATCH', `/stores/${storeId}`, { location: PIN });

    // The driver, with the phone's position allowed, takes three steps with no signal.
    const driverContext = await phoneContext(browser, baseURL, { geolocation: PHONE_AT, permissions: ['geolocation'] });
    contexts.push(driverContext);
    const driver = await driverContext.newPage();
    await signIn(driver, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    await controlledByServiceWorker(driver);
    await driver.goto(`/Driver/Orders/OrderDetail?id=${id}`);
    await expect(driver.getByRole('button', { name: 'Accept pickup' })).toBeVisible();
    await goOffline(driverContext);
    for (const [step, waiting] of [
      ['Accept pickup', 1],
      ['Start moving', 2],
      ['Arrived', 3],
    ] as const) {
      await driver.getByRole('button', { name: step, exact: true }).click();
      await expect(driver.getByTestId('outbox-waiting')).toContainText(`${waiting} action${waiting === 1 ? '' : 's'} wait`);
      // Steps a second or more apart, so each keeps its own time.
      await driver.waitForTimeout(1_100);
    }
    const wentOnline = Date.now();
    await goOnline(driverContext);
    await expect(driver.getByTestId('outbox-waiting')).toBeHidden({ timeout: 15_000 });

    // The server keeps when each step was taken (before the phone was back online) and when it got it.
    const done = await call<OrderAnswer>(request, admin, 'GET', `/orders/${id}/`);
    const steps = ['accepted', 'moving', 'arrived'].map((action) => done.events.find((event) => event.action === action)!);
    for (const step of steps) {
      expect(Date.parse(step.occurred_at)).toBeLessThan(wentOnline);
      expect(Date.parse(step.created_at)).toBeGreaterThanOrEqual(wentOnline - 1_000);
    }
    expect(Date.parse(steps[0]!.occurred_at)).toBeLessThan(Date.parse(steps[1]!.occurred_at));
    expect(Date.parse(steps[1]!.occurred_at)).toBeLessThan(Date.parse(steps[2]!.occurred_at));
    const distance = steps[2]!.arrived_distance_m!;
    expect(distance).toBeGreaterThan(2_000);
    expect(distance).toBeLessThan(3_000);

    // The admin's order page: the times as taken, and how far from the store the driver arrived.
    await page.goto(`/Admin/Orders/OrderDetail?id=${id}`);
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByTestId('order-event-title').filter({ hasText: `Arrived ${formatDistanceMetres(distance)} from the store` })).toBeVisible();
    const times = await history.getByTestId('order-event-time').allTextContents();
    for (const step of steps) expect(times).toContain(formatDateTime(step.occurred_at));
    await page.screenshot({ path: test.info().outputPath('admin-history.png'), fullPage: true });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
