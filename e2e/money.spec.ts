import type { APIRequestContext } from '@playwright/test';
import { formatCurrency, formatOrderNumber } from '@app/shared/format';
import { DEMO, DEMO_PASSWORD, expect, signIn, signOut, test } from './support';

// Money leaving the platform (design.md sections 10 and 11), in the browser: a vendor asks
// for a payout from its wallet, the admin pays it with the bank reference, the vendor's
// balance, ledger and statement show it, the books stay balanced, and a completed order's
// GST invoice opens as a PDF. The demo data's completed orders fill the vendor's wallet.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;

async function authOf(request: APIRequestContext, loginId: string): Promise<{ authorization: string }> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

interface Wallet {
  vendor_id: number;
  balance: number;
  available: number;
}

async function vendorWallet(request: APIRequestContext, auth: { authorization: string }): Promise<Wallet> {
  const response = await request.get(`${API}/wallets/?transactions_limit=0`, { headers: auth });
  expect(response.status()).toBe(200);
  const [wallet] = (await response.json()) as Wallet[];
  expect(wallet, 'the demo vendor has a wallet').toBeDefined();
  return wallet!;
}

/** Paise arithmetic on rupee amounts, so the expectations never meet binary fractions. */
const minus = (a: number, b: number) => (Math.round(a * 100) - Math.round(b * 100)) / 100;

test('a vendor requests a payout, the admin pays it, and the wallet, ledger and statement show it', async ({ page, request }) => {
  const vendorAuth = await authOf(request, DEMO.vendor.loginId);
  const before = await vendorWallet(request, vendorAuth);
  const amount = 1.5;
  expect(before.available, 'the demo vendor has money to pay out').toBeGreaterThanOrEqual(amount);
  const reference = `UTR${Date.now()}`;

  // The vendor asks for a payout: the dialog shows what is available and checks the amount.
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Wallets');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCurrency(before.balance));
  await expect(page.getByTestId('wallet-available')).toContainText(formatCurrency(before.available));
  await page.getByRole('button', { name: 'Request payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a payout' });
  await expect(dialog.getByTestId('payout-available')).toContainText(formatCurrency(before.available));
  await dialog.getByLabel('Amount').fill(String(before.available + 1000));
  await dialog.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(dialog).toContainText('is available');
  await dialog.getByLabel('Amount').fill(String(amount));
  await dialog.getByLabel('Note').fill('Paid to the usual account, please');
  await dialog.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(dialog).toBeHidden();

  const mine = page.getByRole('region', { name: 'Your payouts' });
  const requestedRow = mine.getByTestId('payouts-table').getByRole('row').filter({ hasText: formatCurrency(amount) }).first();
  await expect(requestedRow.locator('[data-status="requested"]')).toBeVisible();
  await expect(page.getByTestId('wallet-available')).toContainText(formatCurrency(minus(before.available, amount)));
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCurrency(before.balance));
  const payoutId = Number(await requestedRow.getAttribute('data-payout-id'));
  expect(payoutId).toBeGreaterThan(0);
  await signOut(page);

  // The admin's queue holds the request; marking it paid needs the bank reference.
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.getByRole('link', { name: 'Payouts' }).click();
  await expect(page).toHaveURL(/\/Admin\/Payouts$/i);
  const row = page.locator(`[data-payout-id="${payoutId}"]`);
  await expect(row).toContainText(formatCurrency(amount));
  await expect(row).toContainText('Paid to the usual account, please');
  await row.getByRole('button', { name: 'Mark paid' }).click();
  const approve = page.getByRole('dialog', { name: `Mark payout #${payoutId} as paid` });
  await approve.getByRole('button', { name: 'Mark paid' }).click();
  await expect(approve).toContainText('This field is required.');
  await approve.getByLabel('Bank reference').fill(reference);
  await approve.getByRole('button', { name: 'Mark paid' }).click();
  await expect(approve).toBeHidden();
  await expect(row).toBeHidden();
  await page.getByRole('tab', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/status=paid/);
  await expect(page.locator(`[data-payout-id="${payoutId}"]`)).toContainText(reference);
  await page.screenshot({ path: '/tmp/admin-payouts.png', fullPage: true });

  // The books still balance.
  await page.getByRole('link', { name: 'Reconciliation' }).click();
  await expect(page.getByTestId('ledger-check')).toHaveAttribute('data-balanced', 'true');
  await page.getByRole('button', { name: 'Vendor', exact: true }).click();
  await expect(page).toHaveURL(/group=vendor/);
  await page.screenshot({ path: '/tmp/admin-reconciliation.png', fullPage: true });
  await signOut(page);

  // The vendor's balance dropped by the payout, the ledger has the debit, the statement the sum.
  const after = minus(before.balance, amount);
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Wallets');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatCurrency(after));
  await expect(page.locator(`[data-payout-id="${payoutId}"] [data-status="paid"]`)).toBeVisible();
  await expect(page.locator(`[data-payout-id="${payoutId}"]`)).toContainText(reference);
  const debit = page.getByTestId('ledger-table').locator('tr[data-kind="payout"]').filter({ hasText: `Payout #${payoutId}` });
  await expect(debit).toContainText(formatCurrency(-amount));
  await expect(debit).toContainText(formatCurrency(after));
  await page.screenshot({ path: '/tmp/vendor-wallet-payout.png', fullPage: true });

  await page.getByRole('link', { name: 'Statement' }).click();
  await expect(page).toHaveURL(/\/Vendor\/Wallets\/Statement/i);
  await expect(page.getByTestId('statement-closing')).toContainText(formatCurrency(after));
  await expect(page.getByTestId('statement-entries')).toContainText(`Payout #${payoutId}`);
  await page.screenshot({ path: '/tmp/vendor-statement.png', fullPage: true });
});

test('a completed order\'s invoice opens as a PDF from its page', async ({ page, request }) => {
  const vendorAuth = await authOf(request, DEMO.vendor.loginId);
  const completed = (await (await request.get(`${API}/orders?status=completed&limit=1`, { headers: vendorAuth })).json()) as Array<{ id: number }>;
  expect(completed.length, 'the demo data holds a completed order of the demo vendor').toBeGreaterThan(0);
  const orderId = completed[0]!.id;

  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto(`/Vendor/Orders/OrderDetail?id=${orderId}`);
  await expect(page.getByText(formatOrderNumber(orderId)).first()).toBeVisible();
  const pdfAnswer = page.waitForResponse((response) => response.url().includes(`/orders/${orderId}/invoice.pdf`));
  const popup = page.waitForEvent('popup');
  await page.getByTestId('invoice-button').click();
  const answer = await pdfAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  // The browser's copy of a body read by fetch() is not kept for the test: ask again for the bytes.
  const pdf = await request.get(`${API}/orders/${orderId}/invoice.pdf`, { headers: vendorAuth });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // An order that is not completed has no invoice button.
  const open = (await (await request.get(`${API}/orders?status=pending&limit=1`, { headers: vendorAuth })).json()) as Array<{ id: number }>;
  if (open[0]) {
    await page.goto(`/Vendor/Orders/OrderDetail?id=${open[0].id}`);
    await expect(page.getByText(formatOrderNumber(open[0].id)).first()).toBeVisible();
    await expect(page.getByTestId('invoice-button')).toHaveCount(0);
  }
});

test('the admin picks anyone\'s statement, and a vendor\'s GSTIN is checked under its field', async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.getByRole('link', { name: 'Statements' }).click();
  await expect(page.getByText('Pick a vendor or driver')).toBeVisible();
  await page.getByLabel('Vendor or driver').fill('Vikram');
  await page.getByRole('option', { name: /Vikram/ }).click();
  await expect(page).toHaveURL(/vendor=\d+/);
  await expect(page.getByTestId('statement')).toContainText('Statement: Vikram');
  await page.getByRole('button', { name: 'Last financial year' }).click();
  await expect(page).toHaveURL(/from=\d{4}-04-01/);
  await signOut(page);

  // A GSTIN whose check character is wrong never leaves the form.
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Settings/Information');
  await expect(page.getByText('Not registered for GST')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('GSTIN').fill('27AAPFU0939F1ZX');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Not registered for GST')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the driver\'s earnings offer a payout, and money pages fit the screen', async ({ page }) => {
    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    await page.goto('/Driver/Earnings');
    await expect(page.getByTestId('earnings-balance')).toContainText('INR');
    await expect(page.getByRole('region', { name: 'Your payouts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Statement' })).toBeVisible();
    await fits();
    await page.screenshot({ path: '/tmp/driver-earnings-phone.png', fullPage: true });
    await page.getByRole('link', { name: 'Statement' }).click();
    await expect(page.getByTestId('statement')).toBeVisible();
    await fits();
    await page.screenshot({ path: '/tmp/driver-statement-phone.png', fullPage: true });
    await signOut(page);

    await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
    for (const path of ['/Admin/Payouts?status=all', '/Admin/Reconciliation']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await fits();
    }
    await page.screenshot({ path: '/tmp/admin-reconciliation-phone.png', fullPage: true });
  });
});
