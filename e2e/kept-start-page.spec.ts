import type { Page } from '@playwright/test';
import { KEPT_START_PAGES_CACHE as KEPT_PAGES } from '@app/shared/rendered-start';
import { controlledByServiceWorker, goOffline, goOnline } from './offline';
import { call, closeOrderPopup, DEMO, DEMO_PASSWORD, expect, orderNumber, signIn, signOut, test, tokenOf } from './support';

// Decision 090 (design.md section 22, a repeat visit): each start online keeps a fresh copy of
// the member's rendered start page on the device, and the service worker answers the next
// start with it, so a phone draws the member's first card from the device before any script
// runs, with a line saying how old it is; the app then asks afresh. A sign-out takes it away.

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA });

const KEPT_LINE = /Showing data from \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}; updating…/;

/** The copy of the store's start page the device keeps, as text ('' for none). */
const keptCopy = (page: Page) =>
  page.evaluate(async ({ cache, path }) => {
    const kept = await (await caches.open(cache)).match(path);
    return kept ? kept.text() : '';
  }, { cache: KEPT_PAGES, path: DEMO.store.start });

test("a store's phone starts again from its kept page: the latest order in the HTML with its age, fresh online, gone at sign-out", async ({ page, context, request }) => {
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await controlledByServiceWorker(page);
  const store = await tokenOf(request, DEMO.store.loginId);
  const materials = await call<{ id: number }[]>(request, store, 'GET', '/materials');
  const created = await call<{ id: number }>(request, store, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });

  // A start online keeps the page as the web host renders it now, the new order first.
  await page.reload();
  await expect.poll(() => keptCopy(page), { timeout: 30_000 }).toContain(orderNumber(created.id));

  // The next start, offline: the worker's answer is that copy, its age line shown.
  await goOffline(context);
  const response = await page.goto(DEMO.store.start);
  expect(response?.fromServiceWorker()).toBe(true);
  // Still under the web host's policy: no script but the build's own runs in it.
  expect((await response?.allHeaders())?.['content-security-policy']).toContain("script-src 'self'");
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(new RegExp(`elementtiming="first-card"[^>]*>[^<]*(<[^>]*>[^<]*)*?${orderNumber(created.id)}`));
  expect(html).toContain('<div data-kept-line="">');
  expect(html).toMatch(KEPT_LINE);
  // The app takes the page over with the same order, and says it is offline.
  await expect(page.locator('#root > [data-rendered]')).toHaveCount(0);
  await expect(page.locator('[elementtiming="first-card"]')).toContainText(orderNumber(created.id));
  await expect(page.getByTestId('offline-notice')).toBeVisible();

  // Signed out, the device keeps no one's page, and the start page is the app's shell again.
  await goOnline(context);
  await closeOrderPopup(page);
  await signOut(page);
  await expect.poll(() => page.evaluate((cache) => caches.has(cache), KEPT_PAGES)).toBe(false);
  const after = await page.goto(DEMO.store.start);
  expect(await after?.text()).not.toContain('data-rendered=');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FStore%2FHome$/i);
});

test('a language chosen on the phone is the language of the next start from the device, offline too', async ({ page, context, request }) => {
  const store = await tokenOf(request, DEMO.store.loginId);
  try {
    await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
    await controlledByServiceWorker(page);
    await expect.poll(() => keptCopy(page), { timeout: 30_000 }).toContain('<html lang="en">');
    await closeOrderPopup(page);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: /हिन्दी/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // The copy drawn in English goes, one in Hindi comes (before, it came with the next access token only).
    await expect.poll(() => keptCopy(page), { timeout: 30_000 }).toContain('<html lang="hi">');

    await goOffline(context);
    const response = await page.goto(DEMO.store.start);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await response?.text()).toContain('<html lang="hi">');
    // The app takes the page over in Hindi too: it follows the member's language only from the
    // server's answer, not from one kept before the switch was saved (in CI it switched back).
    // By text, not by role: an order waiting for the store opens its pop-up over the page.
    await expect(page.locator('#root > [data-rendered]')).toHaveCount(0);
    await expect(page.getByText(/^नमस्ते, /)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await goOnline(context);
  } finally {
    // Other browser tests sign in as the demo store and read English.
    const prefs = await call<{ value: Record<string, unknown> }>(request, store, 'GET', '/settings/notification/me');
    await call(request, store, 'PUT', '/settings/notification/me', { ...prefs.value, language: 'en' });
  }
});
