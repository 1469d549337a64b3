import type { Page } from '@playwright/test';
import { call, clearWaitingStore, DEMO, DEMO_PASSWORD, expect, orderNumber as number, orderWaitingForStore, signIn, test, tokens, uploadPhoto, type ApiOrder } from './support';

// The order life cycle in the web app (admin, store, vendor). The driver's steps run
// through the API as the demo driver, the way the driver's phone would send them.

// The machine is shared: allow for a slow server without hiding real failures.

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/orders-${name}.png`, fullPage: true });
}

test('the store pop-up shows an order waiting for the store within one polling period, and approving completes it', async ({ page, request }) => {
  const t = await tokens(request);
  await clearWaitingStore(request, t);
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  const order = await orderWaitingForStore(request, t);
  const dialog = page.getByRole('dialog', { name: /^Order detail/ });
  // One polling period (5 s) plus the request.
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(number(order.id));
  await expect(dialog.getByText('List of categories')).toBeVisible();
  await expect(dialog.getByRole('columnheader')).toHaveText(['Material', 'Rate per kg', 'Weight (kg)', 'Cost']);
  await expect(dialog.getByRole('row', { name: /Copper/ })).toContainText('10.5');
  await expect(dialog.getByRole('row', { name: /Iron/ })).toContainText('42.25');
  await expect(dialog).toContainText('Total weight (kg)');
  await expect(dialog).toContainText('52.75');
  await expect(dialog.getByRole('button', { name: 'Call admin' })).toBeVisible();
  // Persistent: Escape does not close it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await shot(page, 'store-popup');

  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = await call<ApiOrder>(request, t.store, 'GET', `/orders/${order.id}/`);
  expect(after.status).toBe('completed');
});

test('the admin edits a weight in the order detail and approves: waiting driver, with the weights before and after in the history', async ({ page, request }) => {
  const t = await tokens(request);
  await clearWaitingStore(request, t);
  const order = await orderWaitingForStore(request, t);
  await call(request, t.store, 'PATCH', `/orders/waiting_admin/${order.id}/`);

  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto(`/Admin/Orders?status=waiting_admin`);
  await expect(page.getByRole('tab', { name: /Waiting admin/, selected: true })).toBeVisible();
  await shot(page, 'admin-list');
  await page.getByRole('link', { name: `Open order ${number(order.id)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/Admin/Orders/OrderDetail\\?id=${order.id}$`));
  await expect(page.getByText('Waiting admin').first()).toBeVisible();

  await page.getByRole('button', { name: 'Edit lines' }).click();
  const weight = page.getByRole('textbox', { name: 'Weight (kg) 1' });
  await expect(weight).toHaveValue('10.5');
  await weight.fill('9.75');
  await expect(page.getByRole('textbox', { name: 'Rate per kg' }).first()).toBeDisabled();
  await shot(page, 'admin-editing');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();

  const header = page.locator('main, article').first();
  await expect(header.getByText('Waiting driver').first()).toBeVisible();
  const latest = page.getByTestId('order-event').first();
  await expect(latest).toContainText('Corrected the lines');
  await expect(latest).toContainText('Waiting admin');
  await expect(latest).toContainText('Waiting driver');
  const copper = latest.getByRole('row', { name: /Copper/ });
  await expect(copper).toContainText('10.5');
  await expect(copper).toContainText('9.75');
  await shot(page, 'admin-detail');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-detail-phone');

  const after = await call<ApiOrder>(request, t.store, 'GET', `/orders/${order.id}/`);
  expect(after.status).toBe('waiting_driver');
  expect(after.details[0]?.weight).toBe(9.75);
});

test('the store creates an order in the UI and sees it in its list', async ({ page, request }) => {
  const t = await tokens(request);
  await clearWaitingStore(request, t);
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await shot(page, 'store-home');
  await page.locator('#main-content').getByRole('link', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/Store\/Orders\/CreateOrder$/i);

  await page.getByRole('combobox', { name: 'Material 1' }).click();
  await page.getByRole('option', { name: 'Copper', exact: true }).click();
  await page.getByLabel('Estimated weight (kg, optional)').first().fill('12.5');
  await expect(page.getByTestId('line-estimate').first()).toContainText('Estimated amount');
  await page.getByRole('button', { name: 'Add material' }).click();
  await page.getByRole('combobox', { name: 'Material 2' }).click();
  await page.getByRole('option', { name: 'Newspaper', exact: true }).click();
  await page.getByLabel('Note for the driver (optional)').fill('Back gate');
  await shot(page, 'store-create');
  await page.getByRole('button', { name: 'Create order' }).click();

  const toast = page.getByText(/^Order #\d{8} created\.$/);
  await expect(toast).toBeVisible();
  const created = /#\d{8}/.exec((await toast.textContent()) ?? '')?.[0] ?? '';
  await expect(page).toHaveURL(/\/Store\/Orders$/i);
  const row = page.getByRole('row', { name: new RegExp(created) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Copper, Newspaper');
  await shot(page, 'store-list');

  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the order is a card, named by what it shows: number first, then status and lines.
  await expect(page.getByRole('link', { name: new RegExp(`^${created} Pending`) })).toBeVisible();
  await shot(page, 'store-list-phone');
});

test('the vendor sees its stores\' orders with vendor amounts, a read-only detail with history, and the load photos', async ({ page, request }) => {
  const t = await tokens(request);
  await clearWaitingStore(request, t);
  const order = await orderWaitingForStore(request, t);
  await uploadPhoto(request, t.driver, order.id, 'load-2.png');

  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Orders');
  const row = page.getByRole('row', { name: new RegExp(number(order.id)) });
  await expect(row).toContainText('Waiting store');
  await expect(row).toContainText('8,176.48 INR');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^orders-.*\.csv$/);
  await shot(page, 'vendor-list');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'vendor-list-phone');
  await page.setViewportSize({ width: 1280, height: 720 });

  await row.getByRole('link', { name: `Open order ${number(order.id)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/Vendor/Orders/OrderDetail\\?id=${order.id}$`));
  await expect(page.getByTestId('order-event').first()).toContainText('Weighed the load');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit lines' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Photo 2 of 2/ })).toBeVisible();
  await shot(page, 'vendor-detail');

  await page.getByRole('link', { name: 'See all photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/Vendor/Orders/OrderImage\\?id=${order.id}$`));
  await page.getByRole('button', { name: 'Open photo 1' }).click();
  const lightbox = page.getByRole('dialog', { name: /Photo 1 of 2/ });
  await expect(lightbox.getByRole('img')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByRole('dialog', { name: /Photo 2 of 2/ })).toBeVisible();
  await shot(page, 'vendor-photos');
});
