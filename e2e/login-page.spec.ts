import type { Page } from '@playwright/test';
import { BESIDE_OTHERS, DEMO, DEMO_PASSWORD, expect, holdTheApp, INCORRECT_ACCOUNT, test } from './support';

// The prerendered sign-in page (docs/decisions/026-prerendered-login.md): /login is HTML
// that a person can read and type into before any of the app's scripts run; the app loads
// at the first tap or key and takes the page over with what was typed. A mismatch between
// the page and the app's render is logged as an error, which fails every test here.

/** The scripts the page has asked for so far, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const appTookOver = (page: Page) => expect(page.locator('html')).toHaveClass(/\bkb-app\b/);

test('/login is drawn before any script of the app: the page alone, its fields and links, in the tab title', BESIDE_OTHERS, async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');

  await expect(page).toHaveTitle('Sign in · Kabadi Orders');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/Forgot/Password');
  // Only the page's own small script: nothing of React, MUI or the router yet.
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/login-boot-[\w-]{8}\.js$/);
  await expect(page.locator('html')).not.toHaveClass(/\bkb-app\b/);
});

test('typing before the app runs: the app loads at the first key and signs in with every letter typed', BESIDE_OTHERS, async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.keyboard.type(DEMO.store.loginId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await appTookOver(page);
  expect(scripts.some((path) => /^\/assets\/index-[\w-]{8}\.js$/.test(path)), scripts.join(' ')).toBe(true);

  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.store.loginId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));
});

test('typing the password as the app takes the page over: the letters stay in the password field', BESIDE_OTHERS, async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await page.keyboard.type(DEMO.store.loginId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD.slice(0, 4));
  release();
  await appTookOver(page);
  // The e-mail field's autofocus, hydrated, took the person back to it, mid-password.
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD.slice(4));
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.store.loginId);
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));
});

test('Sign in pressed before the app has arrived is sent once it has; a refusal shows on the page', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  // fill() types no keys: the press of Sign in is the first use of the page.
  await page.getByLabel('E-mail').fill(DEMO.vendor.loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  const refused = page.waitForResponse((response) => response.url().endsWith('/auth/login') && response.status() === 401);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await refused;
  await expect(page.getByRole('alert')).toHaveText(INCORRECT_ACCOUNT);
  await expect(page).toHaveURL(/\/login$/i);

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${DEMO.vendor.start}$`, 'i'));
});

test.describe('in the dark', () => {
  test.use({ colorScheme: 'dark' });

  test('a dark device gets the dark page from the first paint, and the colour toggle once the app runs', BESIDE_OTHERS, async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(15, 20, 16)');
    await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toHaveCount(0);

    await page.getByLabel('E-mail').click();
    await appTookOver(page);
    await expect(page.getByRole('button', { name: 'Switch to the light theme' })).toBeVisible();
  });
});

test.describe('in Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('a browser that puts Hindi first gets the Hindi page as HTML, and signs in from it', BESIDE_OTHERS, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page).toHaveTitle('साइन इन · कबाड़ी ऑर्डर');
    await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
    expect(scripts).toHaveLength(1);

    await page.keyboard.type(DEMO.store.loginId);
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await appTookOver(page);
    await page.keyboard.press('Enter');
    // Where it lands, the member's own saved language applies (design.md section 13).
    await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));
  });
});

test('a language chosen on the sign-in page is the page’s language at the next visit, before any script', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /हिन्दी/ }).click();
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();

  const scripts = scriptsOf(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'साइन इन' })).toBeVisible();
  expect(scripts).toHaveLength(1);

  // And back: English is kept the same way.
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('someone still signed in who opens /login goes on to their start page', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(DEMO.store.loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));

  await page.goto('/login');
  await expect(page).toHaveURL(new RegExp(`${DEMO.store.start}$`, 'i'));
});
