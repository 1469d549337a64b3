import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, signIn, test } from './support';

// How the web app reaches a phone (docs/decisions/022-delivery-and-phone-speed.md):
// compressed and cached delivery, a real favicon and manifest, a focus ring on the
// controls, and the store's Order detail pop-up on a 390 px screen.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 3100}`;

test('/login arrives compressed: brotli for the page and its scripts, hashed scripts cached for a year', async ({ page }) => {
  const scripts: { url: string; headers: Record<string, string>; size: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), headers: response.headers(), size: (await response.body()).length });
  });
  const document = await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  const html = document?.headers() ?? {};
  expect(html['content-encoding']).toBe('br');
  expect(html['vary']).toMatch(/accept-encoding/i);
  expect(html['cache-control']).toBe('no-cache');

  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(new URL(script.url).pathname, script.url).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    // The build skips a copy that would not be smaller (a chunk of a few hundred bytes).
    if (script.size > 1024) expect(script.headers['content-encoding'], script.url).toBe('br');
    expect(script.headers['vary'], script.url).toMatch(/accept-encoding/i);
    expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
  }
});

test('a client without brotli gets gzip; /config.json is revalidated every time', async ({ page, request }) => {
  await page.goto('/login');
  const script = await page.locator('script[src^="/assets/"]').first().getAttribute('src');
  expect(script).toBeTruthy();
  const gzip = await request.get(script ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.ok()).toBeTruthy();
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(gzip.headers()['content-type']).toMatch(/javascript/);

  const config = await request.get('/config.json');
  expect(config.headers()['cache-control']).toBe('no-cache');
  expect(await config.json()).toMatchObject({ apiBaseUrl: API });
});

test('the favicon is an icon and the manifest names the app; a missing file is a 404, not the page', async ({ page, request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.ok()).toBeTruthy();
  expect(icon.headers()['content-type']).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBeTruthy();
  const body = (await manifest.json()) as { name: string; icons: { src: string; sizes: string }[] };
  expect(body.name).toBe('Kabadi Orders');
  for (const { src } of body.icons) expect((await request.get(src)).ok(), src).toBeTruthy();

  const missing = await request.get('/apple-touch-icon-precomposed.png');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).not.toMatch(/html/);

  await page.goto('/login');
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest');
});

test('every control reached by keyboard shows a focus ring', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const ringOf = (name: string, role: 'button' | 'link') =>
    page.getByRole(role, { name, exact: true }).evaluate((element) => {
      const style = getComputedStyle(element);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });

  // The app's entry is held back until Sign in has focus: the page's CSS draws the ring
  // first, then the app, which takes the page over with the focus where it is.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  let entryAsked = false;
  await page.route(/\/assets\/index-[\w-]{8}\.js$/, async (route) => {
    entryAsked = true;
    await appHeld;
    await route.continue();
  });
  // From the e-mail field (focused on arrival): password, its show/hide toggle, Sign in.
  await page.getByLabel('E-mail').focus();
  const signIn = page.getByRole('button', { name: 'Sign in' });
  for (let i = 0; i < 6 && !(await signIn.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(signIn).toBeFocused();
  expect(await ringOf('Sign in', 'button')).toEqual({ style: 'solid', width: 2 });
  // The keys asked for the app, and it is still held: the ring so far was the page's CSS.
  await expect.poll(() => entryAsked).toBe(true);
  await expect(page.locator('html')).not.toHaveClass(/\bkb-app\b/);
  releaseApp();
  await expect(page.locator('html')).toHaveClass(/\bkb-app\b/);
  await expect(signIn).toBeFocused();
  expect(await ringOf('Sign in', 'button')).toEqual({ style: 'solid', width: 2 });

  await page.keyboard.press('Tab');
  const focusedLink = await page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(await ringOf(focusedLink, 'link')).toEqual({ style: 'solid', width: 2 });
});

async function tokenOf(request: APIRequestContext, loginId: string): Promise<string> {
  const response = await request.post(`${API}/auth/login`, { data: { login_id: loginId, password: DEMO_PASSWORD } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

test('on a 390 px phone the store\'s Order detail pop-up shows every line\'s cost and the totals', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await tokenOf(request, DEMO.store.loginId);
  const driver = await tokenOf(request, DEMO.driver.loginId);
  const admin = await tokenOf(request, DEMO.admin.loginId);
  // Any hour of the day, and no photo of the load: the rules are not what this test is about.
  const rules = (await call<{ value: Record<string, unknown> }>(request, admin, 'GET', '/settings/order')).value;
  await call(request, admin, 'PUT', '/settings/order', { ...rules, pickup_window_start: '00:00', pickup_window_end: '23:59', weighing_photo_required: false });
  try {
    await popupOnPhone(page, request, store, driver);
  } finally {
    await call(request, admin, 'PUT', '/settings/order', rules);
  }
});

async function popupOnPhone(page: Page, request: APIRequestContext, store: string, driver: string): Promise<void> {
  // Only this test's order waits for the store (an earlier one would be shown first).
  for (const order of await call<{ id: number }[]>(request, store, 'GET', '/orders?status=waiting_store&limit=500')) {
    await call(request, store, 'PATCH', `/orders/waiting_admin/${order.id}/`);
  }
  const materials = await call<{ id: number; name: string }[]>(request, store, 'GET', '/materials');
  const idOf = (name: string) => materials.find((m) => m.name === name)?.id ?? 0;
  type Line = { id: number; material: { id: number } };
  const created = await call<{ id: number; details: Line[] }>(request, store, 'POST', '/orders/', {
    details: [{ material_id: idOf('Copper') }, { material_id: idOf('Iron') }],
  });
  for (const step of ['accepted', 'moving', 'arrived']) await call(request, driver, 'PATCH', `/orders/${step}/${created.id}/`);
  // Weights that make long amounts: the Cost column used to be cut here.
  const weights = ['315.25', '1234.5'];
  await call(request, driver, 'PATCH', `/orders/waiting_store/${created.id}/`, {
    details: created.details.map((line, i) => ({ id: line.id, material_id: line.material.id, weight: weights[i] })),
  });

  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  const dialog = page.getByRole('dialog', { name: /^Order detail/ });
  await expect(dialog).toBeVisible();
  const lines = dialog.getByRole('list', { name: 'List of categories' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Copper');
  await expect(lines.first()).toContainText('Weight (kg): 315.25');
  await expect(dialog).toContainText('Total cost');

  // Nothing wider than the screen: every line (its cost included) lies inside the pop-up, which lies inside the viewport.
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  for (const line of await lines.all()) {
    const cost = line.locator('span').filter({ hasText: /INR|₹/ }).first();
    await expect(cost).toBeVisible();
    const costBox = await cost.boundingBox();
    expect((costBox?.x ?? 0) + (costBox?.width ?? 0)).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
  }
  const outside = await dialog.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll('*')]
      .filter((child) => child.getBoundingClientRect().right > right + 1)
      .map((child) => `${child.tagName}.${child.className} ${child.textContent?.slice(0, 30)}`);
  });
  expect(outside).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeInViewport();
}
