import { DEMO, DEMO_PASSWORD, expect, signIn, signOut, test, uniqueLoginId } from './support';

// Partners, sign-up approvals, staff and escalations through the real product.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;
const DEMO_VENDOR = 'Vikram Recyclers Pvt Ltd';

test('the admin lands on the vendors page and sees the demo vendor', async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await expect(page.getByRole('heading', { level: 1, name: 'Vendors' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: DEMO_VENDOR });
  await expect(row).toBeVisible();
  await expect(row).toContainText('INR');
  await page.screenshot({ path: '/tmp/partners-admin-vendors.png', fullPage: true });

  await row.getByRole('link', { name: DEMO_VENDOR }).click();
  await expect(page).toHaveURL(/\/Admin\/Vendors\/store\?id=\d+$/);
  await expect(page.getByText('Company details')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View orders' })).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-admin-vendor-detail.png', fullPage: true });
  // The vendor's orders: the orders list narrowed to this vendor, leading to an order.
  await page.getByRole('link', { name: 'View orders' }).click();
  await expect(page).toHaveURL(/\/Admin\/Vendors\/Orders\?id=\d+/);
  // Other specs add orders first: find the demo's first order by its number, as a person would.
  await page.getByLabel('Search').fill('#00000001');
  // The search settles into the URL first; a click before that lands on a list being redrawn.
  await expect(page).toHaveURL(/search=%2300000001/);
  await expect(page.getByRole('link', { name: /#\d{8}/ })).toHaveCount(1);
  await page.getByRole('link', { name: '#00000001' }).click();
  await expect(page).toHaveURL(/\/Admin\/Orders\/OrderDetail\?id=1$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/Admin/Vendors');
  await expect(page.getByRole('row').filter({ hasText: DEMO_VENDOR })).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-admin-vendors-phone.png', fullPage: true });
});

test('a store that signed up is approved by the admin with the demo vendor', async ({ page, request }) => {
  const cities = (await (await request.get(`${API}/cities`)).json()) as { id: number; name: string }[];
  const pune = cities.find((city) => city.name === 'Pune') ?? cities[0];
  const storeName = `E2E Scrap Point ${Date.now().toString(36)}`;
  const signup = await request.post(`${API}/auth/signup`, {
    data: {
      login_id: uniqueLoginId('store'),
      password: 'secret123',
      name: 'Asha Patil',
      // A member's phone is unique (design.md section 20): a new one for each run.
      phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      member_type: 'store',
      store: { name: storeName, city_id: pune!.id, address: '5 MG Road, Pune' },
    },
  });
  expect(signup.status()).toBe(201);

  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Vendors/RejectStore');
  const row = page.getByRole('row').filter({ hasText: storeName });
  await expect(row).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-pending.png', fullPage: true });
  await row.getByRole('button', { name: 'Approve' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Approve ${storeName}?`);
  await dialog.getByRole('combobox', { name: 'Vendor' }).click();
  await page.getByRole('option', { name: new RegExp(DEMO_VENDOR) }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${storeName} approved.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The store now belongs to the demo vendor.
  await page.goto('/Admin/Stores');
  await page.getByRole('searchbox', { name: 'Search' }).fill(storeName);
  const storeRow = page.getByRole('row').filter({ hasText: storeName });
  await expect(storeRow).toContainText(DEMO_VENDOR);
  await expect(storeRow).toContainText('Approved');
});

test('the demo store adds a staff member and deletes it', async ({ page }) => {
  const person = `Ravi ${Date.now().toString(36)}`;
  // A store with an order waiting for it gets the order pop-up (polled): close it when it shows.
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^Order detail/ }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await page.goto('/Store/Staff');
  await page.getByRole('button', { name: 'Add staff member' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(person);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+91 98200 55555');
  await dialog.getByRole('textbox', { name: 'Position' }).fill('Weighing');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: person });
  await expect(row).toContainText('Weighing');
  await page.screenshot({ path: '/tmp/partners-staff.png', fullPage: true });

  await row.getByRole('button', { name: `Delete ${person}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Delete ${person}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted successfully!')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the demo vendor raises an issue and the admin resolves it', async ({ page }) => {
  const subject = `Wrong weight ${Date.now().toString(36)}`;
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Escalations');
  await page.getByRole('link', { name: 'Raise an issue' }).first().click();
  await expect(page).toHaveURL(/\/Vendor\/Escalations\/CreateIssue$/i);
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'What happened?' }).fill('The copper line was weighed at 10 kg, we measured 12 kg.');
  await page.getByRole('button', { name: 'Raise issue' }).click();
  await expect(page).toHaveURL(/\/Vendor\/Escalations\/store\?id=\d+$/i);
  await expect(page.getByText(subject)).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-issue-vendor.png', fullPage: true });
  await signOut(page);

  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Escalations');
  await page.getByRole('link', { name: subject }).click();
  await expect(page).toHaveURL(/\/Admin\/Escalations\/IssueDetail\?id=\d+$/i);
  await page.getByRole('textbox', { name: 'Resolution' }).fill('Re-weighed with the store: 12 kg. Order corrected.');
  await page.getByRole('button', { name: 'Resolve' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Resolve this issue?');
  await confirm.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByText('Re-weighed with the store: 12 kg. Order corrected.').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-issue-admin.png', fullPage: true });
});

test('admin settings, documents and partner pages work; forms validate inline', async ({ page }) => {
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);

  // Add vendor: every field labelled, inline messages, new-password.
  await page.goto('/Admin/Vendors/AddNew');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await page.getByRole('button', { name: 'Add vendor' }).click();
  await expect(page.getByText('Enter the company name')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-add-vendor.png', fullPage: true });

  await page.goto('/Admin/Stores');
  await expect(page.getByRole('row').filter({ hasText: 'Sunita Kabadi Store' })).toContainText(DEMO_VENDOR);
  await page.screenshot({ path: '/tmp/partners-admin-stores.png', fullPage: true });

  await page.goto('/Admin/Drivers');
  const driverLink = page.getByRole('row').nth(1).getByRole('link');
  await driverLink.click();
  await expect(page).toHaveURL(/\/Admin\/Drivers\/Detail\?id=\d+$/i);
  await expect(page.getByText('Driver details')).toBeVisible();

  await page.goto('/Admin/Settings/Order');
  const hours = page.getByRole('spinbutton', { name: /Cancel unaccepted orders after/ });
  await hours.fill('48');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully!')).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-settings-order.png', fullPage: true });

  await page.goto('/Admin/Privacy');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Text' }).fill('We keep your phone number to arrange pickups.\n\nWe never sell it.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('We never sell it.')).toBeVisible();

  await page.goto('/Admin/Settings/Notification');
  await expect(page.getByRole('heading', { name: 'Notification preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your notifications' })).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-notifications.png', fullPage: true });
  await signOut(page);

  // The vendor reads the policy, sees its stores and its profile.
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Privacy');
  await expect(page.getByText('We never sell it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.goto('/Vendor/Store');
  await page.getByRole('link', { name: 'Sunita Kabadi Store' }).click();
  await expect(page).toHaveURL(/\/Vendor\/Store\/StoreInfo\?id=\d+$/i);
  await expect(page.getByText('Store details')).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-vendor-store-info.png', fullPage: true });
  await page.goto('/Vendor/Settings/Information');
  await expect(page.getByText('Company details')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/partners-vendor-info-phone.png', fullPage: true });
});
