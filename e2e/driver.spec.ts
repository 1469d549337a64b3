import zlib from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { DEMO, DEMO_PASSWORD, expect, signIn, signOut, test } from './support';

// The order life cycle as the driver runs it, on a phone: a store asks for a pickup
// (through the API), the driver accepts, moves, arrives, weighs, photographs and submits;
// the store completes it (API) and the driver sees the earnings.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function tokenOf(request: APIRequestContext, loginId: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A tiny valid PNG (8x8, one colour), made here so the test needs no fixture file. */
function smallPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [0x2e, 0x7d, 0x32]).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('a driver takes a pickup from accept to earnings', async ({ page, request }) => {
  // The store asks for a pickup of two materials.
  const storeToken = await tokenOf(request, DEMO.store.loginId);
  const storeAuth = { authorization: `Bearer ${storeToken}` };
  const materials = (await (await request.get(`${API}/materials`, { headers: storeAuth })).json()) as Array<{ id: number; name: string }>;
  expect(materials.length).toBeGreaterThanOrEqual(2);
  const [first, second] = materials as [{ id: number; name: string }, { id: number; name: string }];
  const created = await request.post(`${API}/orders/`, { headers: storeAuth, data: { details: [{ material_id: first.id }, { material_id: second.id }], note: 'Gate 2, ask for Sunita' } });
  expect(created.status()).toBe(201);
  const orderId = ((await created.json()) as { id: number }).id;

  // The driver sees it among the pickups to take, and accepts it.
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  // On a phone the board has two tabs: the pickups to take and the driver's active ones.
  await page.getByRole('tab', { name: /^To take/ }).click();
  await expect(page.getByRole('heading', { name: 'Pickups to take' })).toBeVisible();
  const card = page.locator(`[data-order-id="${orderId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(first.name);
  await expect(card).toContainText('Pune');
  await page.screenshot({ path: '/tmp/driver-home.png', fullPage: true });
  await card.getByRole('button', { name: /^Accept/ }).click();

  await expect(page).toHaveURL(new RegExp(`/Driver/Orders/OrderDetail\\?id=${orderId}$`, 'i'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sunita Kabadi Store' })).toBeVisible();
  await expect(page.getByText(formatOrderNumber(orderId)).first()).toBeVisible();

  await page.getByRole('button', { name: 'Start moving' }).click();
  await expect(page.locator('[data-status="moving"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Arrived', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Weigh the load' })).toBeVisible();

  // The weighing form checks each line as the server would.
  const weight0 = page.getByTestId('weigh-line-0').getByLabel('Weight (kg)');
  const weight1 = page.getByTestId('weigh-line-1').getByLabel('Weight (kg)');
  await expect(weight0).toHaveAttribute('inputmode', 'decimal');
  await weight0.fill('1.2345');
  await weight1.fill('0');
  await page.getByRole('button', { name: 'Submit weighed lines' }).click();
  await expect(page.getByTestId('weigh-line-0')).toContainText('Weight may have at most 3 decimals');
  await expect(page.getByTestId('weigh-line-1')).toContainText('Weight must be greater than 0');
  await weight0.fill('12.5');
  await weight1.fill('3.25');
  await expect(page.getByTestId('weigh-line-0')).toContainText('/ kg ·');

  // A photo of the load.
  await page.locator('input[type="file"]').setInputFiles({ name: 'load.png', mimeType: 'image/png', buffer: smallPng() });
  await expect(page.getByRole('img', { name: 'Photo 1 of the load' })).toBeVisible();
  await page.screenshot({ path: '/tmp/driver-weighing.png', fullPage: true });

  await page.getByRole('button', { name: 'Submit weighed lines' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit the weights?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit weighed lines' }).click();
  await expect(page.locator('[data-status="waiting_store"]').first()).toBeVisible();
  await expect(page.getByTestId('status-note')).toContainText('The store is checking them now');
  await page.screenshot({ path: '/tmp/driver-waiting-store.png', fullPage: true });

  // The store confirms the weights; the driver's earnings show the pickup.
  const completed = await request.patch(`${API}/orders/complete/${orderId}/`, { headers: storeAuth });
  expect(completed.status()).toBe(200);
  const order = (await completed.json()) as { status: string; driver_amount: number; total_weight: number };
  expect(order.status).toBe('completed');
  expect(order.total_weight).toBe(15.75);
  expect(order.driver_amount).toBeGreaterThan(0);

  await page.goto('/Driver/Earnings');
  const list = page.getByTestId('earnings-list');
  await expect(list).toBeVisible();
  const row = list.getByRole('listitem').filter({ hasText: formatOrderNumber(orderId) });
  await expect(row).toContainText(formatCurrency(order.driver_amount));
  await page.screenshot({ path: '/tmp/driver-earnings.png', fullPage: true });
});

test('the vendor home shows the orders chart', async ({ page }) => {
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  const chart = page.getByTestId('orders-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('kpi-wallet')).toContainText('INR');
  // The balance fits its card, half a phone's width: the figure shrinks rather than run over its edge.
  const figure = page.getByTestId('kpi-wallet').locator('p').filter({ hasText: 'INR' });
  expect(await figure.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // A tap on this month's column names it and its count above the plot, and the line stays
  // once the finger is lifted; the figures are the ones the screen readers' table holds.
  const lastRow = chart.getByRole('table').getByRole('row').last();
  const period = await lastRow.getByRole('rowheader').textContent();
  const count = await lastRow.getByRole('cell').textContent();
  await chart.locator('svg g').last().tap();
  await expect(chart.getByText(`${period}: ${count}`, { exact: true })).toBeVisible();
  // From the keyboard: the chart is one tab stop and the arrows walk its bars.
  const rows = chart.getByRole('table').getByRole('row');
  const before = rows.nth((await rows.count()) - 2);
  await chart.getByRole('group').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(chart.getByText(`${await before.getByRole('rowheader').textContent()}: ${await before.getByRole('cell').textContent()}`, { exact: true })).toBeVisible();
  const box = await chart.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/vendor-home-phone.png', fullPage: true });
});

test('a pickup that is gone meanwhile is said so and reloaded', async ({ page, request }) => {
  const storeToken = await tokenOf(request, DEMO.store.loginId);
  const storeAuth = { authorization: `Bearer ${storeToken}` };
  const materials = (await (await request.get(`${API}/materials`, { headers: storeAuth })).json()) as Array<{ id: number }>;
  const created = await request.post(`${API}/orders/`, { headers: storeAuth, data: { details: [{ material_id: materials[0]!.id }] } });
  const orderId = ((await created.json()) as { id: number }).id;

  // The tap must come before the app hears of the change: without the change feed the page
  // learns it only from the 5-second fallback poll (else the feed may remove the button first).
  await page.route((url) => url.port === new URL(API).port && url.pathname.startsWith('/events'), (route) => route.abort());
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await page.goto(`/Driver/Orders/OrderDetail?id=${orderId}`);
  await expect(page.getByRole('button', { name: 'Accept pickup' })).toBeVisible();
  // Before the driver taps, the pickup goes away (here the store cancels it).
  expect((await request.patch(`${API}/orders/cancel/${orderId}/`, { headers: storeAuth, data: {} })).status()).toBe(200);
  await page.getByRole('button', { name: 'Accept pickup' }).click();
  await expect(page.getByText('This pickup was taken by another driver')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept pickup' })).toBeHidden();
});

test('the driver confirms the admin\'s corrections and reports an issue', async ({ page, request }) => {
  const driverAuth = { authorization: `Bearer ${await tokenOf(request, DEMO.driver.loginId)}` };
  const storeAuth = { authorization: `Bearer ${await tokenOf(request, DEMO.store.loginId)}` };
  // The demo data holds an order the admin corrected and sent back to the driver.
  const corrected = (await (await request.get(`${API}/orders?status=waiting_driver`, { headers: driverAuth })).json()) as Array<{ id: number }>;
  expect(corrected.length).toBeGreaterThan(0);
  // And a fresh pickup this driver has accepted.
  const materials = (await (await request.get(`${API}/materials`, { headers: storeAuth })).json()) as Array<{ id: number }>;
  const created = await request.post(`${API}/orders/`, { headers: storeAuth, data: { details: [{ material_id: materials[0]!.id }] } });
  const acceptedId = ((await created.json()) as { id: number }).id;
  expect((await request.patch(`${API}/orders/accepted/${acceptedId}/`, { headers: driverAuth })).status()).toBe(200);

  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await page.goto(`/Driver/Orders/OrderDetail?id=${corrected[0]!.id}`);
  await expect(page.getByTestId('status-note')).toContainText('The admin corrected the weights');
  await page.getByRole('button', { name: 'Confirm corrections' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm corrections' }).click();
  await expect(page.locator('[data-status="completed"]').first()).toBeVisible();

  await page.goto(`/Driver/Orders/OrderDetail?id=${acceptedId}`);
  await page.getByRole('button', { name: 'Report an issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report an issue' });
  await dialog.getByRole('button', { name: 'Report the issue' }).click();
  await expect(dialog).toContainText('Say what the issue is');
  await dialog.getByLabel('What went wrong?').fill('The store is closed today');
  await dialog.getByRole('button', { name: 'Report the issue' }).click();
  await expect(page.locator('[data-status="issue"]').first()).toBeVisible();
  await expect(page.getByText('Issue: The store is closed today')).toBeVisible();

  // The driver's profile: city read-only, vehicle number and phone editable.
  await page.goto('/Driver/Settings/Information');
  await expect(page.getByLabel('City')).toHaveValue('Pune');
  await page.getByLabel('Vehicle number').fill('MH12 CD 5678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await page.screenshot({ path: '/tmp/driver-information.png', fullPage: true });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('the admin dashboard and the vendor wallet', async ({ page }) => {
    await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
    await page.goto('/Admin');
    await expect(page.getByTestId('kpi-waiting-admin')).toBeVisible();
    await expect(page.getByTestId('orders-chart').locator('svg').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orders waiting for the admin' })).toBeVisible();
    await expect(page.getByTestId('count-waiting_admin')).toContainText('Waiting admin');
    await expect(page.getByRole('link', { name: 'Review these orders' })).toHaveAttribute('href', /\/Admin\/Orders\?status=waiting_admin$/);
    await page.waitForTimeout(800); // let the bars finish growing before the picture
    await page.screenshot({ path: '/tmp/admin-dashboard.png', fullPage: true });
    await signOut(page);

    await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
    await page.screenshot({ path: '/tmp/vendor-home-desktop.png', fullPage: true });
    await page.goto('/Vendor/Wallets');
    await expect(page.getByTestId('wallet-balance')).toContainText('INR');
    const firstLink = page.getByRole('table').getByRole('link').first();
    await expect(firstLink).toHaveAttribute('href', /\/Vendor\/Orders\/OrderDetail\?id=\d+$/);
    await page.screenshot({ path: '/tmp/vendor-wallet.png', fullPage: true });
    await signOut(page);

    await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    await expect(page.getByRole('heading', { name: 'Pickups to take' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your active pickups' })).toBeVisible();
    await page.screenshot({ path: '/tmp/driver-home-desktop.png', fullPage: true });
  });
});
