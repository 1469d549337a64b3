import type { APIRequestContext } from '@playwright/test';
import { PRODUCTION } from './production-instance';
import { expect, INCORRECT_ACCOUNT, submitLogin, test, uniqueLoginId } from './support';

// Outside dev (APP_ENV=production) a web deployment serves one role: here the store's.
// Another role gets "Incorrect account or password" and is signed out; sections of other
// roles send the store home; no demo account exists.

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${PRODUCTION.apiUrl}/auth/login`, { data: { login_id: PRODUCTION.admin.loginId, password: PRODUCTION.admin.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A verified store of a new vendor, made by the configured admin through the API. */
async function createStore(request: APIRequestContext): Promise<{ loginId: string; password: string }> {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const cities = (await (await request.get(`${PRODUCTION.apiUrl}/cities`)).json()) as Array<{ id: number }>;
  const cityId = cities[0]!.id;
  const vendor = await request.post(`${PRODUCTION.apiUrl}/vendors/`, {
    headers,
    data: { login_id: uniqueLoginId('prod-vendor'), password: 'vendor-pass-1', name: 'Prod Vendor', phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, company_name: 'Prod Traders', city_id: cityId, address: '1 Market Road' },
  });
  expect(vendor.status()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: number }).id;
  const store = { loginId: uniqueLoginId('prod-store'), password: 'store-pass-1' };
  const created = await request.post(`${PRODUCTION.apiUrl}/stores/`, {
    headers,
    data: { login_id: store.loginId, password: store.password, name: 'Prod Store', contact_name: 'Priya', phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, city_id: cityId, address: '2 Market Road', vendor_id: vendorId },
  });
  expect(created.status()).toBe(201);
  return store;
}

test('an admin signing in to the store deployment is refused and signed out', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, PRODUCTION.admin.loginId, PRODUCTION.admin.password);
  await expect(page.getByText(INCORRECT_ACCOUNT)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/i);
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
  // Still signed out: a store page leads back to sign-in.
  await page.goto('/Store/Home');
  await expect(page).toHaveURL(/\/Login/i);
});

test('production has no demo accounts', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'store@demo.kabadi.in', 'demo1234');
  await expect(page.getByText(INCORRECT_ACCOUNT)).toBeVisible();
});

test('a store may only use its own section', async ({ page, request }) => {
  const store = await createStore(request);
  await page.goto('/login');
  await submitLogin(page, store.loginId, store.password);
  await expect(page).toHaveURL(/\/Store\/Home$/);
  for (const elsewhere of ['/Admin/Orders', '/Vendor/Home', '/Driver/Home', '/']) {
    await page.goto(elsewhere);
    await expect(page, elsewhere).toHaveURL(/\/Store\/Home$/);
  }
  // A signed-in user on an auth route goes on to their start page.
  await page.goto('/Login');
  await expect(page).toHaveURL(/\/Store\/Home$/);
});
