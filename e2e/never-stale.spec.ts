import type { APIRequestContext, Page, Route } from '@playwright/test';
import { controlledByServiceWorker, goOffline, goOnline, isApi } from './offline';
import { DEMO, DEMO_PASSWORD, call, expect, signIn, test, tokenOf } from './support';

// Never silently stale (design.md section 23, issue 44): a screen that shows kept data (from
// the device or the service worker) asks the server afresh whenever it is shown online, and
// says how old what it shows is until the answer comes. Being offline earlier, in this tab or
// another, never leaves a screen on old data while the network is there.

/** What "new data" means here: a pickup the demo store asks for, which the driver's board lists. */
async function newPickup(request: APIRequestContext): Promise<number> {
  const store = await tokenOf(request, DEMO.store.loginId);
  const materials = await call<{ id: number; name: string }[]>(request, store, 'GET', '/materials');
  const created = await call<{ id: number }>(request, store, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });
  return created.id;
}

/** The driver board's list of pickups to take (the city's pending orders). */
const isPendingList = (url: URL) => isApi(url) && url.pathname === '/orders' && url.searchParams.getAll('status').join(',').includes('pending');

const card = (page: Page, id: number) => page.locator(`[data-order-id="${id}"]`);

const KEPT = /^Showing data from \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}; updating…$/;

/** Holds the board's answers until the returned function is called (then lets them through). */
async function holdBoard(page: Page): Promise<{ held: Route[]; release: () => Promise<void> }> {
  const held: Route[] = [];
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  await page.route(isPendingList, async (route) => {
    held.push(route);
    await released;
    await route.continue().catch(() => undefined);
  });
  return {
    held,
    release: async () => {
      open();
      await page.unroute(isPendingList);
    },
  };
}

test('after a reload offline, the driver board asks afresh once online, says how old it is until then, and every tab follows new pickups', async ({ page, context, request }) => {
  const before = await newPickup(request);
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await controlledByServiceWorker(page);
  await expect(card(page, before)).toBeVisible();
  const kept = page.getByTestId('kept-data-notice');
  await expect(kept).toHaveCount(0);
  // What the device keeps is written a second after the last change.
  await page.waitForTimeout(1_500);

  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await expect(card(page, before)).toBeVisible();

  // The board's answer is held once the network is back, to see the screen before it comes.
  const { held, release } = await holdBoard(page);

  await goOnline(context);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect.poll(() => held.length, { message: 'the board asks the server once online' }).toBeGreaterThan(0);
  // Kept data on screen, online, no answer yet: the age line says so, over the page (no shift).
  await expect(kept).toHaveText(KEPT);
  await expect(card(page, before)).toBeVisible();
  const firstCard = await card(page, before).boundingBox();

  const meanwhile = await newPickup(request);
  await release();
  await expect(card(page, meanwhile)).toBeVisible({ timeout: 15_000 });
  await expect(kept).toHaveCount(0);
  expect(await card(page, before).boundingBox()).toEqual(firstCard);

  // A new tab of the same browser: it starts from what the device keeps and asks afresh.
  const second = await context.newPage();
  await second.goto(DEMO.driver.start);
  await expect(card(second, meanwhile)).toBeVisible({ timeout: 15_000 });

  // And a pickup asked for now reaches both tabs without a reload.
  const later = await newPickup(request);
  await expect(card(second, later)).toBeVisible({ timeout: 15_000 });
  await expect(card(page, later)).toBeVisible({ timeout: 15_000 });
  await second.close();
});

test('a board that stayed open through a short offline period asks afresh once online, however recent its data', async ({ page, context, request }) => {
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  const before = await newPickup(request);
  await expect(card(page, before)).toBeVisible();
  const kept = page.getByTestId('kept-data-notice');

  // A few seconds without a network: the board's data is well within its 30 s staleTime.
  await goOffline(context);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  const meanwhile = await newPickup(request);
  const { held, release } = await holdBoard(page);
  await goOnline(context);
  await expect.poll(() => held.length, { message: 'the board asks the server once online' }).toBeGreaterThan(0);
  await expect(kept).toHaveText(KEPT);
  await release();
  await expect(card(page, meanwhile)).toBeVisible({ timeout: 15_000 });
  await expect(kept).toHaveCount(0);

  // The change feed is back too: a pickup asked for now shows without a reload.
  const later = await newPickup(request);
  await expect(card(page, later)).toBeVisible({ timeout: 15_000 });
});
