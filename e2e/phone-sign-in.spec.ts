import type { APIRequestContext, Page } from '@playwright/test';
import { call, DEMO, expect, readSmsCode, test, tokenOf, uniqueLoginId } from './support';

// Sign-in with a code by SMS (design.md section 20, decision 081): the mobile number on the
// sign-in page, the code from the SMS the API wrote to DATA_DIR/outbox/sms/, and the member
// lands where a password sign-in lands. A number may ask for a code once in 30 s (not
// relaxed for the tests): each test uses a number of its own.

const DEMO_STORE_PHONE = '+919820000002';

/** A new store of the demo vendor in Pune, with a mobile number no other run uses. */
async function newStoreWithPhone(request: APIRequestContext): Promise<{ loginId: string; phone: string }> {
  const admin = await tokenOf(request, DEMO.admin.loginId);
  const demo = (await call<{ name: string; city: { id: number }; vendor: { id: number } | null }[]>(request, admin, 'GET', '/stores?limit=500')).find(
    (store) => store.name === 'Sunita Kabadi Store',
  )!;
  const loginId = uniqueLoginId('phone-store');
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const name = `Phone Scrap ${Date.now().toString(36)}`;
  await call(request, admin, 'POST', '/stores/', {
    login_id: loginId,
    password: 'phone-store-1',
    name,
    contact_name: 'Kavita',
    phone: `98${digits}`,
    city_id: demo.city.id,
    address: `${name} Road, Pune`,
    vendor_id: demo.vendor!.id,
  });
  return { loginId, phone: `+9198${digits}` };
}

/** Asks for a code for `typed` and answers the code the SMS brought. */
async function askForCode(page: Page, typed: string, phone: string, labels = { phone: 'Mobile number', send: 'Send code' }): Promise<string> {
  await page.getByRole('textbox', { name: labels.phone }).fill(typed);
  const since = Date.now();
  await page.getByRole('button', { name: labels.send }).click();
  return readSmsCode(phone, since);
}

test('the demo store signs in with its mobile number and the code from the SMS, and lands on its home', async ({ page }) => {
  await page.goto('/login');
  // Chosen on the page as it first comes, before the app has taken it over.
  await page.getByRole('link', { name: 'Sign in with your mobile number' }).click();
  await expect(page).toHaveURL(/\/login\?with=phone$/i);
  await expect(page.getByRole('heading', { name: 'Sign in with your mobile number' })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Mobile number' });
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('autocomplete', 'tel');

  const code = await askForCode(page, '98200 00002', DEMO_STORE_PHONE);
  await expect(page.getByText('Enter the 6-digit code we sent to +91 98200 00002')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('If this number belongs to an account, we have sent it a sign-in code by SMS.');
  const resend = page.getByRole('button', { name: /^Send a new code/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Send a new code in \d+ seconds?$/);
  const field = page.getByRole('textbox', { name: 'Code from the SMS' });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toBeFocused();

  await field.fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));
});

test('in Hindi: a store switches the sign-in page to Hindi and signs in with a code', async ({ page, request }) => {
  const store = await newStoreWithPhone(request);
  await page.goto('/login');
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('link', { name: 'मोबाइल नंबर से साइन इन करें' }).click();
  await expect(page.getByRole('heading', { name: 'मोबाइल नंबर से साइन इन करें' })).toBeVisible();

  const typed = `${store.phone.slice(3, 8)} ${store.phone.slice(8)}`;
  const code = await askForCode(page, typed, store.phone, { phone: 'मोबाइल नंबर', send: 'कोड भेजें' });
  await expect(page.getByText(`हमने +91 ${store.phone.slice(3, 8)} ${store.phone.slice(8)} पर जो 6 अंकों का कोड भेजा है, वह लिखें`)).toBeVisible();
  await expect(page.getByRole('button', { name: /सेकंड बाद नया कोड भेजें$/ })).toBeDisabled();
  await page.getByRole('textbox', { name: 'SMS में आया कोड' }).fill(code);
  await page.getByRole('button', { name: 'साइन इन करें', exact: true }).click();
  await expect(page).toHaveURL(/\/Store\/Home$/i);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

test('a wrong code is refused at the code field, and the right one still signs in', async ({ page, request }) => {
  const store = await newStoreWithPhone(request);
  await page.goto('/login?with=phone');
  await expect(page.getByRole('heading', { name: 'Sign in with your mobile number' })).toBeVisible();
  const code = await askForCode(page, `0${store.phone.slice(3)}`, store.phone);
  const wrong = code === '000000' ? '111111' : '000000';

  const field = page.getByRole('textbox', { name: 'Code from the SMS' });
  await field.fill(wrong);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await field.getAttribute('aria-describedby')}`)).toHaveText('The code is not right. Check the SMS and try again.');
  await expect(page).toHaveURL(/\/login\?with=phone$/i);

  await field.fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/Store\/Home$/i);
});
