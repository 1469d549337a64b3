import type { Page } from '@playwright/test';
import { controlledByServiceWorker } from './offline';
import { decryptPush, deliverPush, fakePushManager, fakeSubscriptionKey, shownNotifications, startPushService, subscriptionKeys, type SubscriptionKeys } from './push';
import { API, BESIDE_OTHERS, call, closeOrderPopup, DEMO, DEMO_PASSWORD, expect, orderNumber, orderWaitingForStore, signIn, signOut, test, tokenOf, tokens } from './support';

// Web Push on the phone (design.md section 15, issue 18): the "Push notifications on this
// phone" switch subscribes this browser at the API and unsubscribes it (also at sign-out);
// the API's push for a store's notification reaches the phone; the service worker shows a
// push as a system notification. The push service is this test's (e2e/push.ts): headless
// Chromium reaches no real one here.

const SETTINGS = '/Store/Settings/Notification';
const SWITCH = { name: /Push notifications on this phone/ };

interface Preferences {
  email_order_updates: boolean;
  email_escalations: boolean;
  in_app: boolean;
  push: boolean;
  language: string;
}
const preferencesOf = async (request: Parameters<typeof tokenOf>[0], token: string) => (await call<{ value: Preferences }>(request, token, 'GET', '/settings/notification/me')).value;

/** The store, signed in on its notification settings with notifications allowed and the fake push manager, under the service worker. */
async function openSettings(page: Page, endpoint: string, keys: SubscriptionKeys) {
  await page.context().grantPermissions(['notifications']);
  await fakePushManager(page, endpoint, keys);
  await signIn(page, DEMO.store.loginId, DEMO_PASSWORD, DEMO.store.start);
  await page.goto(SETTINGS);
  await closeOrderPopup(page);
  await controlledByServiceWorker(page);
  const toggle = page.getByRole('switch', SWITCH);
  await expect(toggle).toBeEnabled();
  return toggle;
}

/** Turns the switch on and waits for the API to have taken the subscription. */
async function turnOn(page: Page, toggle: ReturnType<Page['getByRole']>, endpoint: string) {
  const posted = page.waitForResponse((response) => response.url() === `${API}/push/subscriptions` && response.request().method() === 'POST');
  await toggle.click();
  const response = await posted;
  expect(response.status(), await response.text()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ endpoint });
  await expect(toggle).toBeChecked();
  await expect(page.getByText('On: this phone shows your notifications, even when the app is closed.')).toBeVisible();
}

test('the switch subscribes this phone at the API and unsubscribes it, and sign-out unsubscribes it too', async ({ page, request }) => {
  const service = await startPushService();
  const endpoint = service.endpoint();
  const keys = subscriptionKeys();
  const token = await tokenOf(request, DEMO.store.loginId);
  const before = await preferencesOf(request, token);
  try {
    const toggle = await openSettings(page, endpoint, keys);
    await expect(toggle).not.toBeChecked();

    await turnOn(page, toggle, endpoint);
    // Subscribed with the API's own key, and the member's choice saved.
    const { key } = (await (await request.get(`${API}/push/public-key`)).json()) as { key: string };
    expect(await fakeSubscriptionKey(page)).toBe(key);
    expect((await preferencesOf(request, token)).push).toBe(true);
    // A reload shows this phone as subscribed.
    await page.reload();
    await closeOrderPopup(page);
    await expect(page.getByRole('switch', SWITCH)).toBeChecked();

    // Off: the API forgets this phone, the browser ends the subscription, the choice is saved.
    const deleted = page.waitForRequest((r) => r.url() === `${API}/push/subscriptions` && r.method() === 'DELETE');
    await page.getByRole('switch', SWITCH).click();
    expect((await deleted).postDataJSON()).toEqual({ endpoint });
    expect((await (await deleted).response())?.status()).toBe(204);
    await expect(page.getByRole('switch', SWITCH)).not.toBeChecked();
    await expect(page.getByText(/^Off on this phone\./)).toBeVisible();
    expect(await fakeSubscriptionKey(page)).toBeNull();
    expect((await preferencesOf(request, token)).push).toBe(false);

    // On again, then sign out: the API is told with the member's token, and the phone keeps no subscription.
    await turnOn(page, page.getByRole('switch', SWITCH), endpoint);
    const forgotten = page.waitForRequest((r) => r.url() === `${API}/push/subscriptions` && r.method() === 'DELETE');
    await signOut(page);
    const atSignOut = await forgotten;
    expect(atSignOut.postDataJSON()).toEqual({ endpoint });
    expect(atSignOut.headers().authorization).toMatch(/^Bearer /);
    expect((await atSignOut.response())?.status()).toBe(204);
    await expect.poll(() => fakeSubscriptionKey(page)).toBeNull();
  } finally {
    await call(request, token, 'PUT', '/settings/notification/me', before);
    await service.close();
  }
});

test('a store notification reaches the phone: the API pushes it, the service worker shows it with the order\'s link', async ({ page, request }) => {
  const service = await startPushService();
  const endpoint = service.endpoint();
  const keys = subscriptionKeys();
  const token = await tokenOf(request, DEMO.store.loginId);
  const before = await preferencesOf(request, token);
  try {
    const toggle = await openSettings(page, endpoint, keys);
    await turnOn(page, toggle, endpoint);

    // A driver weighs a store order: the store hears of it, in the app and on the phone.
    const order = await orderWaitingForStore(request, await tokens(request));
    const path = new URL(endpoint).pathname;
    await expect.poll(() => service.received.filter((push) => push.path === path).length, { message: 'a push from the API', timeout: 15_000 }).toBeGreaterThan(0);
    const push = service.received.find((p) => p.path === path)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(push.body, keys)) as { title: string; body: string; link: string | null; tag: string };
    expect(payload.title).toContain(orderNumber(order.id));
    expect(payload.link).toBe(`/Store/Orders?id=${order.id}`);

    // What the push service would hand the phone: the worker shows it.
    await deliverPush(page, JSON.stringify(payload));
    await expect
      .poll(async () => (await shownNotifications(page)).find((n) => n.title === payload.title))
      .toMatchObject({ body: payload.body, tag: payload.tag, data: { link: `/Store/Orders?id=${order.id}` }, icon: expect.stringMatching(/\/icon-192\.png$/) });
  } finally {
    await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close())).catch(() => undefined);
    await call(request, token, 'DELETE', '/push/subscriptions', { endpoint }).catch(() => undefined);
    await call(request, token, 'PUT', '/settings/notification/me', before);
    await service.close();
  }
});

test('the service worker shows a push as a notification, and a push it cannot read as the generic one', BESIDE_OTHERS, async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signIn(page, DEMO.driver.loginId, DEMO_PASSWORD, DEMO.driver.start);
  await controlledByServiceWorker(page);
  const tag = `e2e-${Date.now().toString(36)}`;
  const message = { title: 'Order #00000042 is ready to confirm', body: 'The admin corrected the weights.', link: '/Driver/Orders/OrderDetail?id=42', tag };
  await deliverPush(page, JSON.stringify(message));
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === tag))
    .toMatchObject({ title: message.title, body: message.body, lang: 'en', data: { link: message.link } });

  // Foreign links never reach a notification; a payload that is not JSON still shows one.
  await deliverPush(page, JSON.stringify({ ...message, tag: `${tag}-foreign`, link: 'https://evil.example/' }));
  await deliverPush(page, 'not json');
  await expect.poll(async () => (await shownNotifications(page)).find((n) => n.tag === `${tag}-foreign`)?.data).toEqual({ link: null });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.title === 'Kabadi Orders'))
    .toMatchObject({ body: 'You have a new notification. Tap to open the app.', data: { link: null } });
  await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).forEach((n) => n.close()));
});
