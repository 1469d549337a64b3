import type { Page } from '@playwright/test';
import { controlledByServiceWorker, goOffline, goOnline, isApi } from './offline';
import { BESIDE_OTHERS, DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// The app opens with no network (design.md section 15, decision 029): after one visit with a
// network, the service worker serves the app's pages and code, the member stays signed in,
// their section shows what it last loaded (kept on the device) and says that it is offline.
// "Offline" is both the browser's state and every request to the API refused: emulation
// alone once let a request through (guides/stack.md). Nothing here changes shared data; the
// store's Order detail pop-up, which other tests' orders may open at any time, only covers
// the page, so the checks below read it by CSS and test ids rather than through the
// accessibility tree (which a modal hides).

/** The store's orders table, row by row. */
async function orderRows(page: Page): Promise<string[]> {
  const rows = page.locator('main table tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.allInnerTexts();
}

const LOADED_AT = /^You are offline\. Showing what was loaded at \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}\.$/;

test('a signed-in store opens offline: its section, the orders it last loaded, and a notice with their time', BESIDE_OTHERS, async ({ page, context }) => {
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await controlledByServiceWorker(page);
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toHaveCount(0);

  // Both pages once with the network, through the worker.
  const latest = page.locator('#latest-heading');
  await page.goto('/Store/Home');
  await expect(latest).toHaveText('Latest orders');
  await page.goto('/Store/Orders');
  await orderRows(page);

  await goOffline(context);
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(LOADED_AT);
  // What the device keeps is written a second after the last change; the live stream is cut now.
  await page.waitForTimeout(1_500);
  const rows = await orderRows(page);
  expect(rows.length).toBeGreaterThan(0);

  const reloaded = await page.reload();
  // From the worker, without the phone frames, which only a start page draws (decision 092).
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(await reloaded?.text()).not.toContain('<template id="kb-frame-');
  // The section opens (no sign-in page), with the rows as last loaded.
  await expect(page).toHaveURL(/\/Store\/Orders$/i);
  await expect(page.getByTestId('section-title')).toContainText('Store');
  await expect(notice).toHaveText(LOADED_AT);
  expect(await orderRows(page)).toEqual(rows);

  // Another page of the section, opened offline from the worker's cache: a start page, with its frames.
  expect(await (await page.goto('/Store/Home'))?.text()).toContain('<template id="kb-frame-store-en"');
  await expect(page).toHaveURL(/\/Store\/Home$/i);
  await expect(latest).toHaveText('Latest orders');
  await expect(page.locator('main [aria-labelledby="latest-heading"] li').first()).toBeVisible();
  await expect(notice).toHaveText(LOADED_AT);

  // Back online: the notice goes and the session resumes through its cookie: the API answers
  // again. (A page that unloads while that refresh is in flight would lose the cookie it
  // brings, so the test waits for an answer that needed the new token.)
  const resumed = page.waitForResponse((response) => isApi(new URL(response.url())) && response.request().method() === 'GET' && response.ok());
  await goOnline(context);
  await expect(notice).toHaveCount(0);
  await resumed;
  await page.goto('/Store/Orders');
  await expect(page).toHaveURL(/\/Store\/Orders$/i);
  await orderRows(page);
  await expect(notice).toHaveCount(0);
});

test('/login opens offline for a signed-out visitor', BESIDE_OTHERS, async ({ page, context }) => {
  await page.goto('/login');
  // The app (and so its worker) loads at the page's first use.
  await page.getByLabel('E-mail').click();
  await expect(page.locator('html')).toHaveClass(/\bkb-app\b/);
  await controlledByServiceWorker(page);

  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'login');
  // The app takes the page over from the cache too.
  await page.getByLabel('E-mail').fill(DEMO.store.loginId);
  await expect(page.locator('html')).toHaveClass(/\bkb-app\b/);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.store.loginId);

  // A section's address offline, signed out: the app sends the visitor to sign in.
  await page.goto('/Store/Home');
  await expect(page).toHaveURL(/\/Login(\?|$)/i);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await goOnline(context);
});

test.describe('a first visit, before the service worker holds the app', () => {
  // With no worker, nothing of the app is kept: a chunk asked for offline cannot arrive.
  test.use({ serviceWorkers: 'block' });

  test('losing the network keeps the page: a part still to load waits for it, a page not yet loaded says so and opens once back', async ({ page, context }) => {
    await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    // A fresh load, and offline at once: the toasts' code is asked for once the page settles.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);
    const toaster = page.waitForRequest(/\/assets\/toaster-[\w-]+\.js$/);
    await goOffline(context);
    await toaster;
    await page.waitForTimeout(1_000);
    // Not reloaded into the browser's offline page, and no error page: the app is still here.
    expect(await sameDocument()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();

    // A page whose code was never fetched: the section stays, and says why the page waits.
    await page.getByRole('link', { name: 'Earnings' }).first().click();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline, and this page has not been downloaded yet' })).toBeVisible();
    expect(await sameDocument()).toBe(true);

    // Back online, the toasts' code arrives and the page opens by itself.
    const toasterAgain = page.waitForResponse(/\/assets\/toaster-[\w-]+\.js$/);
    await goOnline(context);
    await expect(page).toHaveURL(/\/Driver\/Earnings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    expect((await toasterAgain).ok()).toBe(true);
  });
  test('a weak network keeps the page too: a part that did not arrive online is asked for again, with no reload', async ({ page }) => {
    await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

    // The browser says it is online, but the toasts' code does not come (one bar of signal).
    const toasterChunk = /\/assets\/toaster-[\w-]+\.js$/;
    await page.route(toasterChunk, (route) => route.abort('connectionfailed'));
    await page.waitForEvent('requestfailed', { predicate: (request) => toasterChunk.test(request.url()) });
    await page.waitForTimeout(1_000);
    expect(await sameDocument()).toBe(true);

    // The network answers again: the next try brings it, on the same page.
    const arrived = page.waitForResponse((response) => toasterChunk.test(response.url()) && response.ok());
    await page.unroute(toasterChunk);
    await arrived;
    expect(await sameDocument()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  });
  test("a page whose code did not arrive online is asked for again and opens, with no reload", async ({ page }) => {
    await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));

    // One bar of signal: the Earnings page's own code fails once, then comes.
    const earningsChunk = /\/assets\/earnings-[\w-]{8}\.js$/;
    let refused = 0;
    await page.route(earningsChunk, (route) => (refused++ === 0 ? route.abort('connectionfailed') : route.continue()));
    await page.getByRole('link', { name: 'Earnings' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible({ timeout: 15_000 });
    expect(refused).toBeGreaterThanOrEqual(2);
    // The same document: no reload, which on such a network can end on the browser's error page.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true)).toBe(true);
  });
});
