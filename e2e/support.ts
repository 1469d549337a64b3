import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

// Helpers of the browser tests: the demo accounts of a dev start, signing in through the
// form, and the dev outbox (DATA_DIR/outbox/*.json, written by apps/api/src/mail/outbox-mailer.ts).

/**
 * Playwright's test, failing any test during which the page logs an error or throws
 * (a refused request's own "Failed to load resource" line is the browser's, not ours).
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use();
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Marks a test that neither changes what another test reads (the demo accounts' orders,
 * Settings, rates) nor reads what another test changes: it runs beside the others
 * (playwright.config.ts, project `beside`), the rest one at a time.
 */
export const BESIDE_OTHERS = { tag: '@beside-others' };

export const DEMO_PASSWORD = 'demo1234';
export const DEMO = {
  admin: { loginId: 'admin@demo.kabadi.in', start: '/Admin/Vendors', startTitle: 'Vendors' },
  vendor: { loginId: 'vendor@demo.kabadi.in', start: '/Vendor/Home', startTitle: 'Home' },
  store: { loginId: 'store@demo.kabadi.in', start: '/Store/Home', startTitle: 'Home' },
  driver: { loginId: 'driver@demo.kabadi.in', start: '/Driver/Home', startTitle: 'Pickups' },
} as const;

/** The API of the dev instance the browser tests start (playwright.config.ts). */
export const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;

/** A demo account's access token, signed in through the API. */
export async function tokenOf(request: APIRequestContext, loginId: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** One API call as `token`'s member; fails the test unless it succeeds, and answers its JSON. */
export async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** An order as the API answers it, the parts the browser tests read. */
export interface ApiOrder {
  id: number;
  status: string;
  vendor_amount: number;
  details: { id: number; material: { id: number; name: string }; weight: number | null }[];
}

/** The demo store's and the demo driver's tokens: the two who take an order to the store's check. */
export interface Tokens {
  store: string;
  driver: string;
}

export async function tokens(request: APIRequestContext): Promise<Tokens> {
  return { store: await tokenOf(request, DEMO.store.loginId), driver: await tokenOf(request, DEMO.driver.loginId) };
}

/** The demo data leaves an order waiting for the store: send every such order to the admin, so the pop-up shows only ours. */
export async function clearWaitingStore(request: APIRequestContext, t: Tokens): Promise<void> {
  const waiting = await call<ApiOrder[]>(request, t.store, 'GET', '/orders?status=waiting_store&limit=500');
  for (const order of waiting) await call(request, t.store, 'PATCH', `/orders/waiting_admin/${order.id}/`);
}

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A photo of the load, uploaded as `token`'s member (the order's driver). */
export async function uploadPhoto(request: APIRequestContext, token: string, orderId: number, name: string): Promise<void> {
  const response = await request.post(`${API}/orders/${orderId}/images`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'image/png', buffer: PNG_1PX } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A new order of the demo store (Copper and Iron), driven by the demo driver up to waiting_store with weighed lines. */
export async function orderWaitingForStore(request: APIRequestContext, t: Tokens, weights: readonly [string, string] = ['10.5', '42.25']): Promise<ApiOrder> {
  const materials = await call<{ id: number; name: string }[]>(request, t.store, 'GET', '/materials');
  const pick = (name: string) => materials.find((m) => m.name === name)?.id ?? 0;
  const created = await call<ApiOrder>(request, t.store, 'POST', '/orders/', { details: [{ material_id: pick('Copper'), weight: 10 }, { material_id: pick('Iron') }] });
  for (const action of ['accepted', 'moving', 'arrived']) await call(request, t.driver, 'PATCH', `/orders/${action}/${created.id}/`);
  // A photo of the load comes before the weighed lines while weighing_photo_required is on (the default).
  await uploadPhoto(request, t.driver, created.id, 'load-1.png');
  const weighed = created.details.map((line, i) => ({ id: line.id, material_id: line.material.id, weight: weights[i] }));
  return call<ApiOrder>(request, t.driver, 'PATCH', `/orders/waiting_store/${created.id}/`, { details: weighed });
}

/** An order's display number, as the screens show it. */
export const orderNumber = (id: number) => `#${String(id).padStart(8, '0')}`;

export const NOT_VERIFIED = 'You are not verified yet. Please wait for admin to accept.';
export const INCORRECT_ACCOUNT = 'Incorrect account or password';

/** A login id no other test run uses. */
export function uniqueLoginId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.kabadi.in`;
}

/** Fills the sign-in form and submits it (does not wait for where it lands). */
export async function submitLogin(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the form and waits for the start page. */
export async function signIn(page: Page, loginId: string, password: string, landing: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, loginId, password);
  await expect(page).toHaveURL(new RegExp(`${landing}$`, 'i'));
}

/**
 * Closes the store's Order detail pop-up when an order waits for the store (the demo data
 * leaves one): it is persistent and covers the page. Waits one polling period for it.
 */
export async function closeOrderPopup(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Order detail' });
  try {
    await dialog.waitFor({ state: 'visible', timeout: 6_000 });
  } catch {
    return;
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/Login$/i);
}

/** The newest reset code mailed to a login id (polls the outbox: mails leave after the answer). */
export async function readResetCode(loginId: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const outbox = path.join(dataDir, 'outbox');
  let code: string | null = null;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return null;
        const mails = fs
          .readdirSync(outbox)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string })
          .filter((mail) => mail.to.toLowerCase() === loginId.toLowerCase());
        const last = mails.at(-1);
        code = last ? (/\b(\d{6})\b/.exec(last.text)?.[1] ?? null) : null;
        return code;
      },
      { message: `a reset code mailed to ${loginId} in ${outbox}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

/**
 * What `pattern`'s first group finds in the newest SMS to `phone` (E.164) written after `since`
 * (epoch ms) whose text it matches, from DATA_DIR/outbox/sms/ (apps/api/src/sms/outbox-sms-sender.ts).
 * A step's SMS leaves right after its answer (an SMS to the same number in flight holds the next
 * until the scheduler's round): the default wait covers that.
 */
export async function readSms(phone: string, since: number, pattern: RegExp, timeout = 45_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const outbox = path.join(dataDir, 'outbox', 'sms');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return null;
        const texts = fs
          .readdirSync(outbox)
          .filter((file) => file.endsWith('.json'))
          .flatMap((file) => {
            // A file the API is writing this moment is read at the next poll.
            try {
              return [JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string; created_at: string }];
            } catch {
              return [];
            }
          })
          .filter((sms) => sms.to === phone && Date.parse(sms.created_at) >= since && pattern.test(sms.text))
          .sort((a, b) => a.created_at.localeCompare(b.created_at));
        found = pattern.exec(texts.at(-1)?.text ?? '')?.[1] ?? null;
        return found;
      },
      { message: `an SMS to ${phone} matching ${pattern} in ${outbox}`, timeout },
    )
    .not.toBeNull();
  return found as unknown as string;
}

/** The code of the newest sign-in SMS to `phone` written after `since`: its WebOTP line's `#123456`. */
export const readSmsCode = (phone: string, since: number): Promise<string> => readSms(phone, since, /#(\d{6})\s*$/, 15_000);

/** Holds the app's entry script (as a slow phone network would) until the returned function is called. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
