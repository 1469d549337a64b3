// The demo accounts (apps/api/src/seed/demo-accounts.ts) as the measuring scripts sign in:
// through the sign-in page, as a person would, so the session is the app's own.

const PASSWORD = 'demo1234';
const ATTEMPTS = 3;

/** The demo account of a section ('store', 'driver', 'vendor', 'admin'). */
export const demoLoginOf = (section) => `${section}@demo.kabadi.in`;

/**
 * Signs `loginId` in on `baseUrl` in a puppeteer page and waits until the app has left /login.
 * Tried again from a fresh /login when it does not: about one sign-in in six failed on a
 * busy machine (the fields filled while the app took the prerendered page over).
 */
export async function signInDemo(page, baseUrl, loginId) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
      await page.locator('#login-login_id').fill(loginId);
      await page.locator('#login-password').fill(PASSWORD);
      await Promise.all([page.waitForFunction(() => !location.pathname.toLowerCase().startsWith('/login'), { timeout: 20_000 }), page.click('button[type=submit]')]);
      return;
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.warn(`Signing ${loginId} in failed (${error instanceof Error ? error.message : String(error)}), trying again`);
    }
  }
}
