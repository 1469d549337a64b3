// The demo accounts (apps/api/src/seed/demo-accounts.ts) as the measuring scripts sign in:
// through the sign-in page, as a person would, so the session is the app's own.

const PASSWORD = 'demo1234';

/** The demo account of a section ('store', 'driver', 'vendor', 'admin'). */
export const demoLoginOf = (section) => `${section}@demo.kabadi.in`;

/** Signs `loginId` in on `baseUrl` in a puppeteer page and waits until the app has left /login. */
export async function signInDemo(page, baseUrl, loginId) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('#login-login_id').fill(loginId);
  await page.locator('#login-password').fill(PASSWORD);
  await Promise.all([page.waitForFunction(() => !location.pathname.toLowerCase().startsWith('/login'), { timeout: 30_000 }), page.click('button[type=submit]')]);
}
