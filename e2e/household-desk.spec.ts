import type { APIRequestContext, Page } from '@playwright/test';
import { API, call, DEMO, expect, orderNumber, readSms, readSmsCode, test, tokenOf, uniqueLoginId, uploadPhoto } from './support';

// A household's pickup at the driver's and the admin's desks (design.md section 21, decision
// 084): a household signs up by a code through the API and books a pickup; a driver of its
// own city takes it up to the household's check through the API; then, in the browser, the
// household has no phone at hand, so the driver enters the code the household's SMS carries
// and how it paid it (UPI), and the pickup completes with a receipt. The admin's orders list
// filters by customer and shows the household's pickup with its payment and receipt.

const PASSWORD = 'desk-driver-1';

/** An Indian mobile number (E.164) no other run uses. */
const uniquePhone = () => `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

interface OrderAnswer {
  id: number;
  status: string;
  customer_kind: string;
  vendor_amount: number;
  details: { id: number; material: { id: number; name: string }; weight: number | null }[];
  receipt: { number: string } | null;
}

/** POST /auth/otp/* with `sign_up`: a new household of Pune, signed in; its token and phone. */
async function newHousehold(request: APIRequestContext): Promise<{ token: string; phone: string; name: string; cityId: number }> {
  const cities = (await (await request.get(`${API}/cities`)).json()) as { id: number; name: string }[];
  const pune = cities.find((city) => city.name === 'Pune')!;
  const phone = uniquePhone();
  const since = Date.now();
  const asked = await request.post(`${API}/auth/otp/request`, { data: { phone, sign_up: true } });
  expect(asked.status(), await asked.text()).toBe(202);
  const code = await readSmsCode(phone, since);
  const name = `Asha Verma ${Date.now().toString(36)}`;
  const verified = await request.post(`${API}/auth/otp/verify`, {
    data: { phone, code, sign_up: { name, city_id: pune.id, address: '14 Lane 3, Koregaon Park, Pune', location: { lat: 18.5362, lng: 73.8939 } } },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return { token: ((await verified.json()) as { access_token: string }).access_token, phone, name, cityId: pune.id };
}

/**
 * A household's pickup weighed by a driver of its own (the demo driver holds other pickups),
 * waiting for the household: the order, the driver's sign-in id and the code its SMS carries.
 */
async function householdPickupAtTheDoor(request: APIRequestContext) {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const household = await newHousehold(request);
  const driverLogin = uniqueLoginId('desk-driver');
  await call(request, admin, 'POST', '/drivers/', { login_id: driverLogin, password: PASSWORD, name: 'Sanjay', phone: uniquePhone(), city_id: household.cityId, vehicle_number: 'MH12 HD 2101' });
  const driverAnswer = await request.post(`${API}/auth/login`, { data: { login_id: driverLogin, password: PASSWORD } });
  expect(driverAnswer.ok(), await driverAnswer.text()).toBeTruthy();
  const driver = ((await driverAnswer.json()) as { access_token: string }).access_token;

  const materials = await call<{ id: number; name: string }[]>(request, admin, 'GET', '/materials');
  const material = materials.find((m) => m.name === 'Copper') ?? materials[0]!;
  const created = await call<OrderAnswer>(request, household.token, 'POST', '/orders/', { details: [{ material_id: material.id, weight: 12 }] });
  expect(created.customer_kind).toBe('household');
  for (const step of ['accepted', 'moving', 'arrived']) await call(request, driver, 'PATCH', `/orders/${step}/${created.id}/`);
  await uploadPhoto(request, driver, created.id, 'household-load.png');
  const since = Date.now();
  const weighed = await call<OrderAnswer>(request, driver, 'PATCH', `/orders/waiting_store/${created.id}/`, {
    details: created.details.map((line) => ({ id: line.id, material_id: line.material.id, weight: '12.5' })),
  });
  expect(weighed.status).toBe('waiting_store');
  const code = await readSms(household.phone, since, /give the driver this code: (\d{6})/);
  return { admin, driver, driverLogin, household, order: weighed, code };
}

async function signInAsDriver(page: Page, loginId: string, labels = { loginId: 'E-mail', password: 'Password', submit: 'Sign in' }) {
  await page.getByLabel(labels.loginId).fill(loginId);
  await page.getByRole('textbox', { name: labels.password, exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/Driver\/Home$/i);
}

test.describe('the driver at a household without a phone at hand', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('enters the household’s code from its SMS and the UPI payment, and the pickup completes', async ({ page, request }) => {
    const { driverLogin, household, order, code } = await householdPickupAtTheDoor(request);
    await page.goto('/login');
    await signInAsDriver(page, driverLogin);

    // The board marks it as a household's pickup.
    const card = page.locator(`article[data-order-id="${order.id}"]`);
    await expect(card.getByTestId('household-tag')).toHaveText('Household');
    await expect(card).toContainText('The household is checking your weights');

    await page.goto(`/Driver/Orders/OrderDetail?id=${order.id}`);
    await expect(page.getByRole('heading', { name: household.name })).toBeVisible();
    await expect(page.getByTestId('household-tag')).toBeVisible();
    await expect(page.getByTestId('household-amount')).toHaveText(/₹|INR/);
    await page.getByRole('button', { name: 'The household has no phone at hand? Enter its code' }).click();
    const form = page.getByRole('region', { name: 'Enter the household’s code' });
    const codeField = form.getByRole('textbox', { name: 'Code from the household’s SMS' });

    // The shared schema first: six digits, and a UPI reference of twelve.
    await codeField.fill('12345');
    await form.getByRole('radio', { name: 'UPI' }).check();
    await form.getByRole('textbox', { name: 'UPI reference (12 digits)' }).fill('41234567890');
    await form.getByRole('button', { name: 'Complete the pickup' }).click();
    await expect(form.getByText("Enter the 6-digit code from the household's SMS")).toBeVisible();
    await expect(form.getByText('A UPI reference is 12 digits')).toBeVisible();

    // A wrong code: the server's refusal under the code.
    const wrong = code === '000000' ? '111111' : '000000';
    await codeField.fill(wrong);
    await form.getByRole('textbox', { name: 'UPI reference (12 digits)' }).fill('412345678901');
    await form.getByRole('button', { name: 'Complete the pickup' }).click();
    await expect(form.getByText('The code is not right. Ask the household for the code in its SMS.')).toBeVisible();
    await page.screenshot({ path: '/tmp/household-desk-form-en.png', fullPage: true });

    await codeField.fill(code);
    await form.getByRole('button', { name: 'Complete the pickup' }).click();
    await expect(page.getByTestId('status-note')).toHaveText('This pickup is completed. The household gets its receipt by SMS. Thank you!');
    await expect(page.getByTestId('household-payment')).toHaveText('UPI · 412345678901');
    await expect(page.getByTestId('receipt-number')).toHaveText(/^RCPT\/\d{4}-\d{2}\/\d{6}$/);
    await page.screenshot({ path: '/tmp/household-desk-driver-en.png', fullPage: true });
  });

  test('in Hindi: the same, with the code’s refusal in Hindi', async ({ page, request }) => {
    const { driverLogin, household, order, code } = await householdPickupAtTheDoor(request);
    await page.goto('/login');
    await page.getByRole('button', { name: /हिन्दी/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await signInAsDriver(page, driverLogin, { loginId: 'ई-मेल', password: 'पासवर्ड', submit: 'साइन इन करें' });

    await expect(page.locator(`article[data-order-id="${order.id}"]`).getByTestId('household-tag')).toHaveText('घरेलू');
    await page.goto(`/Driver/Orders/OrderDetail?id=${order.id}`);
    await expect(page.getByRole('heading', { name: household.name })).toBeVisible();
    await page.getByRole('button', { name: 'घरेलू ग्राहक के पास अभी फ़ोन नहीं है? उसका कोड लिखें' }).click();
    const form = page.getByRole('region', { name: 'घरेलू ग्राहक का कोड लिखें' });
    const codeField = form.getByRole('textbox', { name: 'घरेलू ग्राहक के SMS का कोड' });
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('radio', { name: 'UPI' }).check();
    await form.getByRole('textbox', { name: 'UPI रेफ़रेंस (12 अंक)' }).fill('512345678901');
    await form.getByRole('button', { name: 'पिकअप पूरा करें' }).click();
    await expect(form.getByText('कोड सही नहीं है। घरेलू ग्राहक से उसके SMS वाला कोड पूछें।')).toBeVisible();

    await codeField.fill(code);
    await form.getByRole('button', { name: 'पिकअप पूरा करें' }).click();
    await expect(page.getByTestId('status-note')).toHaveText('यह पिकअप पूरा हो गया। घरेलू ग्राहक को रसीद SMS से मिलेगी। धन्यवाद!');
    await expect(page.getByTestId('household-payment')).toHaveText('UPI · 512345678901');
    await expect(page.getByTestId('receipt-number')).toHaveText(/^RCPT\//);
    await page.screenshot({ path: '/tmp/household-desk-driver-hi.png', fullPage: true });
  });
});

test.describe("the admin's orders at a desktop", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('filter "Customer: households" shows only households’ pickups; the order shows its payment and receipt', async ({ page, request }) => {
    const { admin, driver, order, code } = await householdPickupAtTheDoor(request);
    const completed = await call<OrderAnswer>(request, driver, 'PATCH', `/orders/complete/${order.id}/`, { handover_code: code, payment: { method: 'cash' } });
    expect(completed.receipt?.number).toMatch(/^RCPT\//);
    // A store's order exists too (the demo data's): the filter must leave it out.
    const storeOrders = await call<OrderAnswer[]>(request, admin, 'GET', '/orders?customer_kind=store&limit=1');
    expect(storeOrders.length).toBe(1);

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(DEMO.admin.loginId);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${DEMO.admin.start}$`, 'i'));

    await page.goto('/Admin/Orders');
    await expect(page.getByRole('link', { name: `Open order ${orderNumber(storeOrders[0]!.id)}` })).toBeVisible();
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await page.getByRole('option', { name: 'Households' }).click();
    await expect(page).toHaveURL(/customer_kind=household/);
    const ours = page.getByRole('link', { name: `Open order ${orderNumber(order.id)}` });
    await expect(ours).toBeVisible();
    await expect(page.getByRole('link', { name: `Open order ${orderNumber(storeOrders[0]!.id)}` })).toBeHidden();
    // Every row left is a household's.
    const rows = page.locator('tbody tr');
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expect(rows.nth(i).getByTestId('household-tag')).toBeVisible();
    await page.screenshot({ path: '/tmp/household-desk-admin-list.png', fullPage: true });

    await ours.click();
    await expect(page).toHaveURL(new RegExp(`/Admin/Orders/OrderDetail\\?id=${order.id}$`, 'i'));
    const section = page.getByRole('region', { name: 'Payment at the door' });
    await expect(section.getByTestId('payment-method')).toHaveText('Cash');
    await expect(section.getByTestId('receipt-number')).toContainText(completed.receipt!.number);
    await expect(section.getByRole('button', { name: 'Receipt PDF (English)' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Receipt PDF (Hindi)' })).toBeVisible();
    // A household gets a receipt, not a GST invoice.
    await expect(page.getByTestId('invoice-button')).toHaveCount(0);
    await page.screenshot({ path: '/tmp/household-desk-admin-detail.png', fullPage: true });
  });
});
