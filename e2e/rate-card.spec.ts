import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// The admin's rate card (/Admin/RateByCity): a rate changed in the UI prices the next
// order of a store in that city; a CSV import with bad rows lists every problem by line.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;

async function tokenOf(request: APIRequestContext, loginId: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function openCard(page: Page, search?: string): Promise<void> {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/RateByCity');
  await expect(page.getByRole('heading', { level: 1, name: 'Rate by city' })).toBeVisible();
  if (search) {
    await page.getByLabel('Search a city or state').fill(search);
    await expect(page).toHaveURL(new RegExp(`search=${search}`));
    // The search names one city: the card shows it alone once the filtered card has loaded.
    await expect(page.getByText('1 city', { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Rates per kg by city and material' })).toBeVisible();
}

test('a vendor rate changed on the card prices the next order of a store in that city', async ({ page, request }) => {
  await openCard(page, 'Pune');
  const cell = page.getByRole('button', { name: /^Vendor of Copper in Pune:/ });
  await expect(cell).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-desktop.png' });
  const before = (await cell.textContent()) ?? '';
  // A rate the card does not show yet (a retry finds the first try's change). Amounts of
  // 2.5 kg end in half a paisa, rounded up: 655.55 x 2.5 = 1638.875, 655.45 x 2.5 = 1638.625.
  const next = before === '655.55 INR' ? { rate: '655.45', amount: 1638.63 } : { rate: '655.55', amount: 1638.88 };

  await cell.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Copper in Pune')).toBeVisible();
  const input = dialog.getByLabel('New rate (INR per kg)');
  // Not more than 2 decimals: refused before anything is sent.
  await input.fill('655.555');
  await dialog.getByRole('button', { name: 'Review the change' }).click();
  await expect(dialog.getByText(/at most 2 decimals/)).toBeVisible();
  await input.fill(next.rate);
  await dialog.getByRole('button', { name: 'Review the change' }).click();
  await expect(dialog.getByText(`changes from ${before} to ${next.rate} INR per kg`)).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-confirm.png' });
  await dialog.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(cell).toHaveText(`${next.rate} INR`);

  // Who changed it and when: the history panel, and the rate at a date.
  await cell.click();
  await expect(page.getByRole('dialog').getByText(/^Last changed by .+ at \d\d:\d\d \d\d\/\d\d\/\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('presentation').filter({ has: page.getByRole('heading', { name: 'History of this rate' }) });
  await expect(drawer.getByText(`${before} → ${next.rate} INR`)).toBeVisible();
  await drawer.getByLabel('Date and time').fill('2020-01-01T10:00');
  await drawer.getByRole('button', { name: 'Look up' }).click();
  await expect(drawer.getByText(/^No rate was known at|^At 10:00 01\/01\/2020 the rate was/)).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-history.png' });
  await page.keyboard.press('Escape');

  // The demo store (Pune) orders Copper: the server prices the line with the new rate.
  const token = await tokenOf(request, DEMO.store.loginId);
  const headers = { authorization: `Bearer ${token}` };
  const materials = (await (await request.get(`${API}/materials`, { headers })).json()) as { id: number; name: string }[];
  const copper = materials.find((m) => m.name === 'Copper');
  expect(copper).toBeDefined();
  const created = await request.post(`${API}/orders/`, { headers, data: { details: [{ material_id: copper!.id, weight: 2.5 }] } });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { details: { material: { id: number }; rate: number; weight: number | null; amount: number }[] };
  const line = order.details.find((l) => l.material.id === copper!.id);
  expect(line?.rate).toBe(Number(next.rate));
  expect(line?.weight).toBe(2.5);
  expect(line?.amount).toBe(next.amount);
});

test('a CSV import with bad rows lists every problem with its line and changes nothing', async ({ page }) => {
  await openCard(page, 'Mumbai');
  const cell = page.getByRole('button', { name: /^Vendor of Iron in Mumbai:/ });
  const before = (await cell.textContent()) ?? '';
  // The good file's vendor, driver and B2C rates: ones the card does not hold yet (a retry
  // finds the first try's import in place).
  const fresh = before === '99 INR' ? [98, 3.25, 27] : [99, 3.5, 28];

  // The export downloads what the card shows (here: Mumbai), in the import's columns.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('rate-card.csv');
  const exported = fs.readFileSync((await download.path())!, 'utf8');
  expect(exported.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('state,city,material,vendor_rate,driver_rate,b2c_rate');
  expect(exported).toContain('Mumbai');
  expect(exported).not.toContain('Pune');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import rates from CSV' });
  const csv = [
    'state,city,material,vendor_rate,driver_rate,b2c_rate',
    'Maharashtra,Mumbai,Iron,99,3.5,28',
    'Maharashtra,Atlantis,Iron,30,3,28',
    'Maharashtra,Mumbai,Steel,-5,4,34',
  ].join('\n');
  await page.getByTestId('rate-import-file').setInputFiles({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('File: rates.csv')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Nothing was changed', { exact: true })).toBeVisible();
  const problems = dialog.getByRole('list', { name: 'Fix these lines in the file and upload it again:' }).getByRole('listitem');
  await expect(problems.filter({ hasText: /^Line 3: / })).toHaveCount(1);
  await expect(problems.filter({ hasText: /^Line 4: / })).toHaveCount(1);
  await expect(problems.filter({ hasText: /^Line 2: / })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/rate-card-import.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cell).toHaveText(before);

  // A good file is applied whole.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByTestId('rate-import-file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv.split('\n')[0]}\nMaharashtra,Mumbai,Iron,${fresh.join(',')}`) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Imported 1 row: 3 rates changed.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cell).toHaveText(`${fresh[0]} INR`);
});

test('materials, bulk change and a new city', async ({ page }) => {
  // A retry adds another material and city: the first try's are there already.
  const attempt = test.info().retry + test.info().repeatEachIndex;
  const metal = ['Tin', 'Zinc', 'Lead'][attempt] ?? 'Nickel';
  const city = ['Kolhapur', 'Satara', 'Sangli'][attempt] ?? 'Solapur';
  await openCard(page);
  await page.getByRole('button', { name: 'All three' }).click();
  await expect(page.getByRole('button', { name: /^B2C of Copper in Pune:/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-all.png' });

  // Bulk: +10 % on the driver rate of Copper everywhere, previewed first.
  await page.getByRole('button', { name: 'Bulk change' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk change of rates' });
  await bulk.getByRole('combobox', { name: 'Rate type' }).click();
  await page.getByRole('option', { name: 'Driver' }).click();
  await bulk.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: 'Copper' }).click();
  await bulk.getByLabel('Change', { exact: true }).fill('10');
  await bulk.getByRole('button', { name: 'Preview' }).click();
  await expect(bulk.getByText(/rates would change/)).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-bulk.png' });
  await bulk.getByRole('button', { name: /^Apply \d+ changes$/ }).click();
  await bulk.getByRole('button', { name: 'Confirm the change' }).click();
  // 54 rates and their history rows in one transaction: give a busy machine time.
  await expect(page.getByText(/Updated successfully! \d+ rates changed/)).toBeVisible({ timeout: 30_000 });

  // Materials: add one, retire it (confirmation), restore it.
  await page.getByRole('tab', { name: 'Materials' }).click();
  await page.getByRole('button', { name: 'Add a material' }).click();
  const form = page.getByRole('dialog', { name: 'Add a material' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(metal);
  await form.getByLabel('Vendor rate (INR per kg)').fill('180');
  await form.getByLabel('Driver rate (INR per kg)').fill('10');
  await form.getByLabel('B2C rate (INR per kg)').fill('170.5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${metal} is added.`)).toBeVisible();
  await page.getByRole('button', { name: `Retire ${metal}` }).click();
  await expect(page.getByRole('dialog').getByText(/stays on old orders, leaves the lists for new ones/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText(`${metal} is retired.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(metal) }).getByText('Retired')).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-materials.png' });
  await page.getByRole('button', { name: `Restore ${metal}` }).click();
  await expect(page.getByText(`${metal} is back in use.`)).toBeVisible();

  // A new city, its rates copied from Pune, one override; back on the card, shown.
  await page.getByRole('link', { name: 'Add a city' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a city' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0); // the toasts are gone
  await page.getByRole('combobox', { name: 'State' }).fill('Mahara');
  await page.getByRole('option', { name: 'Maharashtra' }).click();
  await page.getByLabel('City name').fill(city);
  await page.getByRole('combobox', { name: 'Copy rates from' }).fill('Pune');
  await page.getByRole('option', { name: 'Pune, Maharashtra' }).click();
  await page.getByText('Set some rates now (optional)').click();
  await page.getByLabel('Iron: vendor rate').fill('41.25');
  await page.screenshot({ path: '/tmp/rate-card-add-city.png', fullPage: true });
  await page.getByRole('button', { name: 'Add the city' }).click();
  await expect(page.getByText(`${city} is added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/Admin\/RateByCity\?city_id=\d+&highlight=\d+/);
  await expect(page.getByRole('button', { name: new RegExp(`^Vendor of Iron in ${city}:`) })).toHaveText('41.25 INR');
  // Copied from Pune (whose Copper vendor rate the first test set to 655.55 in this run's data).
  await expect(page.getByRole('button', { name: new RegExp(`^Vendor of Copper in ${city}:`) })).toHaveText(/ INR$/);
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  await page.screenshot({ path: '/tmp/rate-card-new-city-dark.png' });

  // Phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Admin/RateByCity');
  await expect(page.getByRole('table', { name: 'Rates per kg by city and material' })).toBeVisible();
  await page.screenshot({ path: '/tmp/rate-card-phone.png' });
});
