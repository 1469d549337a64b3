import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

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
