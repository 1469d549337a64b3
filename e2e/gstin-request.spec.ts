import { gstinCheckCharacter } from '@app/shared/gst';
import { DEMO, DEMO_PASSWORD, call, expect, signIn, signOut, test, tokenOf, uniqueLoginId } from './support';

// Only an admin sets a vendor's GSTIN (design.md section 16): a vendor's own change waits as
// a request, shown to it as pending, until the admin approves it on the vendor's page. A
// vendor of its own, so the demo vendor's invoices and wallet stay as the other specs expect.

const PASSWORD = 'secret123';
const GSTIN = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;

test('a vendor asks for a GSTIN, sees it pending, and has it once the admin approves', async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const cities = await call<{ id: number; name: string }[]>(request, admin, 'GET', '/cities');
  const company = `E2E GST Traders ${Date.now().toString(36)}`;
  const loginId = uniqueLoginId('gst-vendor');
  const vendor = await call<{ id: number }>(request, admin, 'POST', '/vendors/', {
    login_id: loginId,
    password: PASSWORD,
    name: 'Meera Shah',
    // A member's phone is unique (design.md section 20): a new one for each run.
    phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    company_name: company,
    city_id: (cities.find((city) => city.name === 'Pune') ?? cities[0])!.id,
    address: '9 Station Road, Pune',
  });

  // The vendor asks: its GSTIN stays as it was, the new one shows as pending.
  await signIn(page, loginId, PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Settings/Information');
  await expect(page.getByText('Company details')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit vendor' });
  await dialog.getByLabel('GSTIN').fill(GSTIN.toLowerCase());
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pending-gstin')).toContainText(`${GSTIN}: pending admin approval`);
  await expect(page.getByText('Not registered for GST')).toBeVisible();
  await page.screenshot({ path: '/tmp/gstin-request-vendor-pending.png', fullPage: true });
  await signOut(page);

  // The admin sees the request on the vendor's page and approves it.
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto(`/Admin/Vendors/store?id=${vendor.id}`);
  const review = page.getByRole('region', { name: 'GSTIN change requested' });
  await expect(review).toContainText(`to ${GSTIN}`);
  await page.screenshot({ path: '/tmp/gstin-request-admin-review.png', fullPage: true });
  await review.getByRole('button', { name: 'Approve GSTIN' }).click();
  await expect(page.getByText('GSTIN change approved.')).toBeVisible();
  await expect(review).toBeHidden();
  await expect(page.getByText(GSTIN)).toBeVisible();
  await signOut(page);

  // The vendor has it now, and nothing waits.
  await signIn(page, loginId, PASSWORD, DEMO.vendor.start);
  await page.goto('/Vendor/Settings/Information');
  await expect(page.getByText('Company details')).toBeVisible();
  await expect(page.getByText(GSTIN)).toBeVisible();
  await expect(page.getByTestId('pending-gstin')).toHaveCount(0);
  await expect(page.getByText('Not registered for GST')).toHaveCount(0);
});
