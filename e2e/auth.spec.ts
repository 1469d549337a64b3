import { BESIDE_OTHERS, closeOrderPopup, DEMO, DEMO_PASSWORD, expect, INCORRECT_ACCOUNT, NOT_VERIFIED, readResetCode, signIn, signOut, submitLogin, test, uniqueLoginId } from './support';

// Identity in the browser: sign-in of every demo role, a wrong password, sign-up and the
// unverified refusal, an admin creating a driver, and a password reset through the outbox.

test('each demo account lands on its start page and signs out', async ({ page }) => {
  // Four sign-ins and sign-outs in one test: 66 s once in CI with both shards running.
  for (const account of Object.values(DEMO)) {
    await signIn(page, account.loginId, DEMO_PASSWORD, account.start);
    // The top bar names the page (its own heading may greet the person instead).
    await expect(page.getByTestId('section-title')).toContainText(account.startTitle);
    if (account === DEMO.store) await closeOrderPopup(page);
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeTruthy();
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBeNull();
    // Signed out means signed out: a section page leads back to sign-in.
    await page.goto(account.start);
    await expect(page).toHaveURL(/\/Login/);
  }
});

test('a wrong password shows the server message; a signed-in user on /Login goes on', BESIDE_OTHERS, async ({ page }) => {
  await page.goto('/Login');
  await submitLogin(page, DEMO.vendor.loginId, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(INCORRECT_ACCOUNT);
  await expect(page).toHaveURL(/\/Login$/);

  await submitLogin(page, DEMO.vendor.loginId, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/Vendor\/Home$/);
  await page.goto('/Signup');
  await expect(page).toHaveURL(/\/Vendor\/Home$/);
});

test('a new store signs up, and is told to wait for the admin when signing in', BESIDE_OTHERS, async ({ page }) => {
  const loginId = uniqueLoginId('store');
  await page.goto('/Signup');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('autocomplete', 'new-password');
  // Inline validation before anything is sent.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Pick a city from the list')).toBeVisible();

  await page.getByLabel('Store name').fill('E2E Kabadi Store');
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('option', { name: /^Pune/ }).click();
  await page.getByLabel('Address').fill('1 Test Road');
  await page.getByLabel('Your name').fill('Esha Tester');
  // A member's phone is unique (design.md section 20): a new one for each run.
  await page.getByLabel('Phone').fill(`+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await page.getByLabel('E-mail').fill(loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret123');
  await page.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('An admin must accept your account before you can sign in.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await submitLogin(page, loginId, 'secret123');
  await expect(page.getByText(NOT_VERIFIED)).toBeVisible();
  await expect(page).toHaveURL(/\/Login$/);
  expect(await page.evaluate(() => localStorage.getItem('session.tokens'))).toBeNull();
});

test('the refresh token lives in an httpOnly cookie only; a reload keeps the session; a revoked one ends with a message', BESIDE_OTHERS, async ({ page, request }) => {
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  // No token in storage or in script-readable cookies: only the member (not secret) is kept.
  const stored = await page.evaluate(() => Object.values({ ...localStorage }).join(' ') + document.cookie);
  expect(stored).not.toMatch(/eyJ|kabadi_refresh/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'kabadi_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth', secure: false });

  await page.reload();
  await expect(page).toHaveURL(/\/Vendor\/Home$/);
  await expect(page.getByTestId('section-title')).toContainText(DEMO.vendor.startTitle);

  // The session ends elsewhere (signed out on another device, or expired): the next load says so.
  const apiUrl = `http://localhost:${Number(process.env.E2E_API_PORT ?? 3100)}`;
  const current = (await page.context().cookies()).find((c) => c.name === 'kabadi_refresh');
  const out = await request.post(`${apiUrl}/auth/logout`, { data: { refresh_token: current?.value } });
  expect(out.status()).toBe(204);
  await page.reload();
  await expect(page).toHaveURL(/\/Login/);
  await expect(page.getByText('Your session ended. Please sign in again.')).toBeVisible();
});

test('two tabs reloaded at once both resume the session: one refresh at a time, each with the cookie the other left (decision 050)', BESIDE_OTHERS, async ({ page }) => {
  await signIn(page, DEMO.vendor.loginId, DEMO_PASSWORD, DEMO.vendor.start);
  const context = page.context();
  const other = await context.newPage();
  await other.goto(DEMO.vendor.start);
  await expect(other.getByTestId('section-title')).toContainText(DEMO.vendor.startTitle);
  // A slow network: each refresh's answer (and the cookie it sets) reaches the browser 600 ms
  // after the API spent the old cookie, so two tabs that did not wait for each other would
  // both present the old one, and the second would be refused as a reuse.
  await context.route('**/auth/refresh', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.fulfill({ response });
  });
  // Every refresh either tab sends, with its answer: index.html's early one and the app's.
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/auth/refresh') refreshes.push(response.status());
  });

  // The section shows at once for a member known on the device, while the refresh runs: what
  // tells a resumed session from a refused one is each refresh's answer, and the page after it.
  const bothResumed = async (count: number) => {
    await expect.poll(() => refreshes.length).toBe(count);
    expect(refreshes).toEqual(Array(count).fill(200));
    for (const tab of [page, other]) {
      await expect(tab).toHaveURL(/\/Vendor\/Home$/);
      await expect(tab.getByRole('heading', { level: 1, name: 'Welcome, Vikram Vendor' })).toBeVisible();
    }
  };
  // Each load refreshes once (the app takes index.html's early answer over), none refused as a reuse.
  await Promise.all([page.reload(), other.reload()]);
  await bothResumed(2);
  await Promise.all([page.reload(), other.reload()]);
  await bothResumed(4);
  await context.unrouteAll({ behavior: 'wait' });
});

test('an admin adds a driver, who resets the password from the mailed code and lands on /Driver/Home', BESIDE_OTHERS, async ({ page }) => {
  const loginId = uniqueLoginId('driver');
  await signIn(page, DEMO.admin.loginId, DEMO_PASSWORD, DEMO.admin.start);
  await page.goto('/Admin/Settings/AddAccount');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Driver');
  await page.getByLabel('E-mail').fill(loginId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-pass');
  // A member's phone is unique (design.md section 20): a new one for each run.
  await page.getByLabel('Phone').fill(`+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('option', { name: /^Pune/ }).click();
  await page.getByLabel('Vehicle number').fill('MH12 XY 9876');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`The driver ${loginId} can now sign in.`)).toBeVisible();
  await signOut(page);

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in page, with its own E-mail field, stays until the next page's code is in.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(loginId);
  await page.getByRole('button', { name: 'Send the code' }).click();
  const code = await readResetCode(loginId);
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-pass');
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await page.getByRole('textbox', { name: 'Repeat the password', exact: true }).fill('second-pass');
  await page.getByRole('button', { name: 'Set the new password and sign in' }).click();
  await expect(page).toHaveURL(/\/Driver\/Home$/);
});

test('changing the password keeps this session and ends the old password', BESIDE_OTHERS, async ({ page, request }) => {
  // A fresh admin, so the demo accounts keep their password for the other tests.
  const apiUrl = `http://localhost:${Number(process.env.E2E_API_PORT ?? 3100)}`;
  const demo = await request.post(`${apiUrl}/auth/login`, { data: { login_id: DEMO.admin.loginId, password: DEMO_PASSWORD } });
  const token = ((await demo.json()) as { access_token: string }).access_token;
  const loginId = uniqueLoginId('admin');
  const created = await request.post(`${apiUrl}/admins/`, { headers: { authorization: `Bearer ${token}` }, data: { login_id: loginId, password: 'first-pass-1', name: 'Second Admin' } });
  expect(created.status()).toBe(201);

  await signIn(page, loginId, 'first-pass-1', DEMO.admin.start);
  // Tokens carry whole seconds: let the change come a clear second after this session's token.
  await page.waitForTimeout(2100);
  await page.goto('/Admin/Settings/Password');
  await page.getByLabel('Current password').fill('first-pass-1');
  await page.getByLabel(/^New password/).fill('second-pass-2');
  await page.getByLabel('Repeat the password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();

  // Still signed in: the next page loads its data through a refreshed token.
  await page.goto('/Admin/Orders');
  // Any order: other tests add orders meanwhile, so the oldest may be past the first page.
  await expect(page.getByRole('cell', { name: /#\d{8}/ }).first()).toBeVisible();
  await signOut(page);
  await submitLogin(page, loginId, 'first-pass-1');
  await expect(page.getByText(INCORRECT_ACCOUNT)).toBeVisible();
  await submitLogin(page, loginId, 'second-pass-2');
  await expect(page).toHaveURL(/\/Admin\/Vendors$/);
});
