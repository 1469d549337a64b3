import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './support';

// "Offline" in the browser tests: the browser's own state (navigator.onLine, the service
// worker's network) and every request to the API refused. Emulation alone once let a page
// that was unloading send a request it had paused (guides/stack.md).

export const API_PORT = process.env.E2E_API_PORT ?? '3100';
export const isApi = (url: URL) => url.port === API_PORT;

export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route(isApi, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute(isApi);
  await context.setOffline(false);
}

/** Waits until the service worker controls the page, so that a reload offline comes from its cache. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}
