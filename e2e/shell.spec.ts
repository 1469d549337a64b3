import { BESIDE_OTHERS, closeOrderPopup, DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// The shell: routes of every section, case-insensitive matching, layout on desktop and
// phone, the error pages. In dev any signed-in role may browse every section.

test('unknown paths show the 404 page with the path, and /404 and /500 exist', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no/such/page');
  await expect(page.getByText('Status code 404')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the start page' })).toBeVisible();

  await page.goto('/500');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
  await expect(page.getByText('Status code 500')).toBeVisible();

  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('signed out, a section page leads to sign-in; /login and /Login are one page', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/Admin/Orders');
  await expect(page).toHaveURL(/\/Login\?redirectTo=%2FAdmin%2FOrders$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('autocomplete', 'current-password');
});

test('every section: its pages render with their titles (dev: any role may visit)', async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  const visits: Array<[string, string]> = [
    ['/Admin', 'Dashboard'],
    ['/admin/orders/orderdetail?id=1', 'Order detail'],
    ['/Admin/RateByCity', 'Rate by city'],
    ['/Admin/Settings/AddAccount', 'Add account'],
    ['/Store/Home', 'Home'],
    ['/Store/Orders/CreateOrder', 'Create order'],
    ['/Vendor/Wallets', 'Wallet'],
    ['/Vendor/Home/StoreInfo', 'Store information'],
    ['/Driver/Home', 'Pickups'],
    ['/Driver/Earnings', 'Earnings'],
  ];
  for (const [path, title] of visits) {
    await page.goto(path);
    // The top bar names the page; every page has one main heading.
    await expect(page.getByTestId('section-title'), path).toContainText(title);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveCount(1);
  }

  // The navigation drawer lists the section's pages and leads to them.
  await page.goto('/Admin/Orders');
  const nav = page.getByRole('navigation', { name: 'Pages of this section' });
  await nav.getByRole('link', { name: 'Drivers' }).click();
  await expect(page).toHaveURL(/\/Admin\/Drivers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drivers');

  // An unknown page inside a section keeps the layout (non-fatal).
  await page.goto('/Admin/Nothing/Here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /Admin/Nothing/Here');
  await expect(nav).toBeVisible();
});

test('on a phone the navigation folds away; the theme switches between light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await closeOrderPopup(page);
  const menu = page.getByRole('button', { name: 'Open the navigation menu' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff' })).toBeHidden();
  await menu.click();
  await page.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/Store\/Staff$/);
  await expect(page.getByRole('link', { name: 'Staff' })).toBeHidden();

  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: /Switch to the (dark|light) theme/ });
  const before = (await html.getAttribute('class')) ?? '';
  await toggle.click();
  await expect(html).not.toHaveClass(before);
  await expect(html).toHaveClass(/(^|\s)(dark|light)(\s|$)/);
});

test("the admin's page waits for the company information, at most 3 s, so the warning cannot push it down", BESIDE_OTHERS, async ({ page }) => {
  // A network that never answers this one request: the page must not wait for it for ever.
  let asked = 0;
  await page.route(/\/settings\/information(\?|$)/, () => {
    asked += 1;
  });
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Orders');
  const below = page.getByTestId('below-company-info');
  // Laid out but not shown while the answer is awaited…
  await expect(below).toHaveAttribute('aria-busy', 'true');
  await expect(below).toBeHidden();
  // …then shown without it (COMPANY_INFO_WAIT_MS), and working.
  await expect(below).toBeVisible({ timeout: 10_000 });
  await expect(below).not.toHaveAttribute('aria-busy');
  await expect(page.getByTestId('section-title')).toContainText('Orders');
  await expect(page.getByTestId('company-info-notice')).toHaveCount(0);
  expect(asked).toBeGreaterThan(0);
});
