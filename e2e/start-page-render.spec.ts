import { request as playwrightRequest, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { call, closeOrderPopup, DEMO, DEMO_PASSWORD, expect, orderNumber, signIn, signOut, test, tokenOf, uniqueLoginId } from './support';

// Decision 089 (design.md section 22): on a visit without the app's service worker (a first
// visit, a cleared browser), a phone's start page comes from the web host already drawn with
// the member's own first answers, so their first card shows with the page instead of after
// the app's scripts, the session's refresh and the answers. What the web host sends is seen
// here with scripts turned off: only what is in the HTML can show.

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: PHONE_UA };
test.use({ ...PHONE, serviceWorkers: 'block' });

/** The same browser's cookies and storage in a tab that runs no script: the page as the web host sent it. */
async function withoutScripts(browser: Browser, from: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, storageState: await from.storageState(), javaScriptEnabled: false });
}

const startCookies = async (context: BrowserContext) => (await context.cookies()).filter((cookie) => cookie.name === 'kb_start');

test("a store's phone gets its home with its latest orders in the page itself, and the app takes it over", async ({ page, browser, request }) => {
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  // The app asked its web host for the cookie that lets it render this member's start page.
  await expect.poll(async () => (await startCookies(page.context())).map((cookie) => [cookie.path, cookie.httpOnly, cookie.sameSite])).toEqual([['/Store/Home', true, 'Strict']]);
  const latest = await call<{ id: number }[] | { items: { id: number }[] }>(request, await tokenOf(request, DEMO.store.loginId), 'GET', '/orders?limit=5');
  const newest = (Array.isArray(latest) ? latest : latest.items)[0]!;

  const plain = await withoutScripts(browser, page.context());
  const html = await plain.newPage();
  await html.goto(DEMO.store.start);
  await expect(html.locator('[elementtiming="first-card"]')).toContainText(orderNumber(newest.id));
  await expect(html.getByRole('heading', { level: 1 })).toContainText('Welcome');
  const renderedHeadingClass = await html.getByRole('heading', { level: 1 }).getAttribute('class');
  await html.screenshot({ path: '/tmp/start-page-render-store.png' });
  // The same page for a desktop is the app's to draw (its layout is not a phone's).
  const desktop = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false, userAgent: DESKTOP_UA });
  const wide = await desktop.newPage();
  await wide.goto(DEMO.store.start);
  await expect(wide.locator('[elementtiming="first-card"]')).toHaveCount(0);
  await desktop.close();

  // With its scripts, the page is the app's, live, with the same first order.
  await page.goto(DEMO.store.start);
  await expect(page.locator('#root > [data-rendered]')).toHaveCount(0);
  await expect(page.locator('[elementtiming="first-card"]')).toContainText(orderNumber(newest.id));
  await expect(page.getByRole('link', { name: 'Create order' })).toBeVisible();
  // Rendered with the libraries' production builds, as the app runs (decision 093): the same
  // class names (no development labels), so the app takes the page's style rules as its own.
  expect(renderedHeadingClass).toMatch(/\bcss-[a-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('class', renderedHeadingClass!);

  // Signed out, the cookie is gone and the page has nobody's data.
  await closeOrderPopup(page);
  await signOut(page);
  await expect.poll(async () => (await startCookies(page.context())).length).toBe(0);
  const after = await withoutScripts(browser, page.context());
  const blank = await after.newPage();
  await blank.goto(DEMO.store.start);
  await expect(blank.locator('[elementtiming="first-card"]')).toHaveCount(0);
  await expect(blank.locator('body')).not.toContainText(orderNumber(newest.id));
  await plain.close();
  await after.close();
});

test("a driver's and a vendor's phones get their own first card in the page", async ({ page, browser }) => {
  for (const member of [DEMO.driver, DEMO.vendor]) {
    await signIn(page, member.loginId, DEMO_PASSWORD, member.start);
    await expect.poll(async () => (await startCookies(page.context())).map((cookie) => cookie.path)).toEqual([member.start]);
    const plain = await withoutScripts(browser, page.context());
    const html = await plain.newPage();
    await html.goto(member.start);
    await expect(html.locator('[elementtiming="first-card"]')).toBeVisible();
    await plain.close();
    await signOut(page);
  }
});

test("a driver's page in the HTML asks the position question as the app does, and not once it is answered", async ({ page, browser }) => {
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await expect.poll(async () => (await startCookies(page.context())).map((cookie) => cookie.path)).toEqual([DEMO.driver.start]);
  const question = page.getByTestId('position-ask');
  await expect(question).toBeVisible();
  const asHtml = async () => {
    const plain = await withoutScripts(browser, page.context());
    const html = await plain.newPage();
    await html.goto(DEMO.driver.start);
    await expect(html.locator('[elementtiming="first-card"]')).toBeVisible();
    const shown = { question: await html.getByTestId('position-ask').count(), note: await html.getByTestId('position-note').count() };
    await plain.close();
    return shown;
  };
  // Not answered yet: the question is in the page the web host sends, where the app draws it.
  expect(await asHtml()).toEqual({ question: 1, note: 0 });
  // Answered on the device: the host's copy of the answer draws the line the app draws instead.
  await question.getByRole('button', { name: 'Use my position' }).click();
  await expect(page.getByTestId('position-note')).toBeVisible();
  expect(await asHtml()).toEqual({ question: 0, note: 1 });
  await signOut(page);
});

test('two stores’ phones asking at once each get their own page, never the other’s orders or name', async ({ request, baseURL }) => {
  // A second store, which the demo vendor adds, with an order of its own.
  const vendor = await tokenOf(request, DEMO.vendor.loginId);
  const cities = await call<{ id: number }[]>(request, vendor, 'GET', '/cities');
  const name = `Second Store ${Date.now().toString(36)}`;
  const loginId = uniqueLoginId('store');
  await call(request, vendor, 'POST', '/stores/', {
    login_id: loginId,
    password: DEMO_PASSWORD,
    name,
    contact_name: name,
    phone: `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    city_id: cities[0]!.id,
    address: '9 Station Road',
  });
  const stores = [
    { loginId: DEMO.store.loginId, token: await tokenOf(request, DEMO.store.loginId) },
    { loginId, token: await tokenOf(request, loginId) },
  ];
  const materials = await call<{ id: number }[]>(request, stores[1]!.token, 'GET', '/materials');
  const own = await call<{ id: number }>(request, stores[1]!.token, 'POST', '/orders/', { details: [{ material_id: materials[0]!.id }] });
  const demoName = (await call<{ name: string }>(request, stores[0]!.token, 'GET', `/members/${encodeURIComponent(DEMO.store.loginId)}`)).name;

  // Each phone holds its own start cookie, asked for with its own token, as the app does.
  const phones: APIRequestContext[] = [];
  for (const store of stores) {
    const phone = await playwrightRequest.newContext({ baseURL, userAgent: PHONE_UA });
    expect((await phone.post('/start-session', { headers: { authorization: `Bearer ${store.token}` } })).status()).toBe(204);
    phones.push(phone);
  }
  const rendered = [0, 0];
  for (let round = 0; round < 4; round += 1) {
    const pages = await Promise.all(phones.flatMap((phone) => [phone.get(DEMO.store.start), phone.get(DEMO.store.start)]).map(async (answer) => (await answer).text()));
    pages.forEach((html, i) => {
      const mine = Math.floor(i / 2);
      // The web host renders one page at a time and a few waiting: a page it did not render is
      // index.html, with nobody's data; one it did is its own member's alone.
      if (!html.includes('data-rendered="store"')) {
        expect(html).not.toContain('kb-start-state');
        return;
      }
      rendered[mine]! += 1;
      expect(html).toContain(mine === 0 ? demoName : name);
      expect(html).not.toContain(mine === 0 ? name : demoName);
      if (mine === 1) expect(html).toContain(orderNumber(own.id));
      else expect(html).not.toContain(orderNumber(own.id));
    });
  }
  expect(rendered.every((count) => count > 0), `renders per store: ${rendered.join(', ')}`).toBe(true);
  for (const phone of phones) await phone.dispose();
});
