import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// A list's sort, a saved view and the CSV export, as an admin uses them (design.md section 13).

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;
const number = (id: number) => `#${String(id).padStart(8, '0')}`;

test('an admin sorts the orders, saves the view, opens it again and exports exactly what it lists', async ({ browser, page, request }) => {
  const login = await request.post(`${API}/auth/login`, { data: { login_id: DEMO.admin.loginId, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const biggest = await request.get(`${API}/orders?ordering=-vendor_amount&limit=3`, { headers: { authorization: `Bearer ${token}` } });
  const top = (await biggest.json()) as { id: number }[];
  const total = Number(biggest.headers()['x-total-count']);
  expect(top.length).toBeGreaterThan(1);

  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Biggest vendor amount first: the URL says so and the rows follow the API's order.
  await page.getByRole('button', { name: 'Sort by Vendor amount' }).click();
  await expect(page).toHaveURL(/ordering=-vendor_amount/);
  const links = page.getByRole('link', { name: /^Open order #\d{8}$/ });
  await expect(links.nth(0)).toHaveAccessibleName(`Open order ${number(top[0]!.id)}`);
  await expect(links.nth(1)).toHaveAccessibleName(`Open order ${number(top[1]!.id)}`);

  // Saved under a name, then opened again from a plain list.
  const name = `Biggest first ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View "${name}" saved.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // "Tomorrow": a new browser session, signed in afresh, finds the view on the server.
  const tomorrow = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const next = await tomorrow.newPage();
  await signIn(next, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await next.goto('/Admin/Orders');
  await expect(next.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(next).not.toHaveURL(/ordering=/);
  await next.getByRole('button', { name: 'Saved views' }).click();
  await next.getByRole('menuitem', { name }).click();
  await expect(next).toHaveURL(/ordering=-vendor_amount/);
  await expect(next.getByRole('link', { name: /^Open order #\d{8}$/ }).nth(0)).toHaveAccessibleName(`Open order ${number(top[0]!.id)}`);
  await tomorrow.close();

  // The export has every row of the view (not only the page shown), biggest first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csv = fs.readFileSync(await download.path(), 'utf8').trim().split(/\r?\n/);
  expect(csv.length - 1).toBe(total);
  expect(csv[1]).toContain(number(top[0]!.id));
  await expect(page.getByText(`Exported ${total} rows.`)).toBeVisible();
});

test("the lists' date filter is one tab stop: the arrow keys move along it, Enter chooses, and the tab comes back to the chosen one", async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Orders');
  const dates = page.getByRole('group', { name: 'Created within' });
  const button = (name: string) => dates.getByRole('button', { name, exact: true });
  await button('1 Month').click();
  await expect(page).toHaveURL(/created_at__gt=/);
  await expect(button('1 Month')).toHaveAttribute('aria-pressed', 'true');
  const since = new URL(page.url()).searchParams.get('created_at__gt');

  await page.keyboard.press('ArrowRight');
  await expect(button('3 Months')).toBeFocused();
  // Moving the focus chooses nothing.
  await expect(button('1 Month')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  await expect(button('3 Months')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('created_at__gt')).not.toBe(since);

  await page.keyboard.press('End');
  await expect(button('All')).toBeFocused();
  // Out of the row and back: the focus returns to the chosen button, the row's one tab stop.
  await page.keyboard.press('Tab');
  await expect(dates.locator('button:focus')).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await expect(button('3 Months')).toBeFocused();
});

test("the orders list's store, vendor and city filters open at the first click, take typed text and work from the keyboard", async ({ page, request }) => {
  const login = await request.post(`${API}/auth/login`, { data: { login_id: DEMO.admin.loginId, password: DEMO_PASSWORD } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const stores = (await (await request.get(`${API}/stores?limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; name: string }[];
  const store = stores[0]!;

  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // One click opens the list; the choice goes to the URL and stays in the field.
  await page.getByRole('combobox', { name: 'City' }).click();
  const city = page.getByRole('listbox').getByRole('option').first();
  const cityName = (await city.textContent())!;
  await city.click();
  await expect(page).toHaveURL(/city_id=\d+/);
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(cityName);

  // Typed text narrows the options.
  await page.getByRole('combobox', { name: 'Store' }).fill(store.name);
  await page.getByRole('option', { name: new RegExp(`^${store.name}`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`store_id=${store.id}`));

  // From the keyboard: the focus lands in the field with its list closed; ArrowDown opens it.
  await page.getByRole('combobox', { name: 'Store' }).focus();
  await page.keyboard.press('Tab');
  const vendor = page.getByRole('combobox', { name: 'Vendor' });
  await expect(vendor).toBeFocused();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(vendor).toBeFocused();
});

test("on a phone (390 px), a tap on a choice filter opens its list at once and the choice filters the orders", async ({ browser }) => {
  const phone = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  // The top bar names the page alone: its section's name would cut the page's short.
  expect(await page.getByTestId('section-title').innerText()).toBe('Orders');
  // The filters beyond the search wait behind one button, so the first orders show on the first screen.
  await expect(page.getByRole('link', { name: /#\d{8}/ }).first()).toBeInViewport();
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveCount(0);
  // The search and its Filters button share a row.
  const middleOf = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.y + box.height / 2;
  };
  const searchMiddle = await middleOf(page.getByRole('searchbox', { name: 'Search' }));
  expect(Math.abs(searchMiddle - (await middleOf(page.getByRole('button', { name: 'Filters', exact: true }))))).toBeLessThan(8);
  await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  const field = page.getByRole('combobox', { name: 'City' });
  // Full width on a phone.
  expect((await field.locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")]').boundingBox())!.width).toBeGreaterThan(300);
  await field.tap();
  const city = page.getByRole('listbox').getByRole('option').first();
  const cityName = (await city.textContent())!;
  await city.tap();
  await expect(page).toHaveURL(/city_id=\d+/);
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(cityName);
  // Opened from the link, the filters show with the one that is set, and the button counts it.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(cityName);

  // Saved as a view, cleared, the panel closed: opening the view opens the panel with its city.
  const name = `In ${cityName} ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Saved views' }).tap();
  await page.getByRole('menuitem', { name: 'Save view' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).tap();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Clear filters' }).tap();
  await expect(page).not.toHaveURL(/city_id=/);
  await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Saved views' }).tap();
  await page.getByRole('menuitem', { name }).tap();
  await expect(page).toHaveURL(/city_id=\d+/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(cityName);
  await phone.close();
});


test("the admin's stores list filters by city with the lists' one city field, and a link that names a city shows its name", async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Stores');
  const field = page.getByRole('combobox', { name: 'City' });
  await expect(field).toBeVisible();
  await field.click();
  const city = page.getByRole('listbox').getByRole('option').first();
  const cityName = (await city.textContent())!;
  await city.click();
  await expect(page).toHaveURL(/city_id=\d+/);
  await expect(field).toHaveValue(cityName);

  // Opened from the link (a reload): the field asks for the cities itself, to name the one chosen.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue(cityName);
});
