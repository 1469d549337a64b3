import type { BrowserContext } from '@playwright/test';

// Map tiles for the browser tests (design.md section 18): e2e/tile-server.mjs answers every
// tile on a port of its own beside the product's, and playwright.config.ts points both
// product instances' MAP_TILE_URL at it, so no page of a test asks the internet for a tile.

const port = Number(process.env.E2E_WEB_PORT ?? 8180) + 20;

export const TILES = {
  port,
  origin: `http://127.0.0.1:${port}`,
  url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
  attribution: 'Test tiles',
} as const;

const isLocal = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:';

/** Every request the context's pages make to a host other than this machine: refused, and kept for the test to assert none. */
export function refuseTheInternet(context: BrowserContext): string[] {
  const outside: string[] = [];
  void context.route(
    (url) => !isLocal(url),
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return outside;
}
