// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBase64url } from '@app/shared/base64url';
import { fakePushBrowser, PUBLIC_KEY, SUBSCRIPTION_KEYS } from '@/test/push-browser';
import { fakeApi, renderApp, type Answer } from '@/test/render';
import { NotificationPreferencesForm } from './notification-preferences-form';

// "Push notifications on this phone" in Settings -> Notification, with a fake browser
// (test/push-browser.ts) and a fake API (test/render.tsx).

const stored = { email_order_updates: true, email_escalations: true, in_app: true, push: true, language: 'en' };
const SWITCH = { name: /Push notifications on this phone/ };

let restore = () => undefined as void;
afterEach(() => {
  restore();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});

function browser(options: Parameters<typeof fakePushBrowser>[0] = {}) {
  const fake = fakePushBrowser(options);
  restore = fake.restore;
  return fake;
}

/** The API with the member's preferences (as saved), the public key and the push routes. */
function api(routes: Record<string, Answer> = {}, value: Record<string, unknown> = stored) {
  let saved = value;
  const sent: { method: string; body: unknown }[] = [];
  const record = (answer: Answer) => async (request: Request) => {
    sent.push({ method: request.method, body: await request.json() });
    return typeof answer === 'function' ? answer(request) : answer.status === 204 ? new Response(null, { status: 204 }) : Response.json(answer.body, { status: answer.status ?? 200 });
  };
  const fake = fakeApi({
    'GET /settings/notification/me': () => Response.json({ key: 'notification', value: saved, updated_at: null }),
    'PUT /settings/notification/me': async (request) => {
      saved = (await request.json()) as Record<string, unknown>;
      return Response.json({ key: 'notification', value: saved, updated_at: '2026-12-01T10:00:00Z' });
    },
    'GET /push/public-key': { body: { key: PUBLIC_KEY } },
    'POST /push/subscriptions': record(routes['POST /push/subscriptions'] ?? { status: 201, body: { endpoint: 'x', created_at: '2026-12-01T10:00:00Z' } }),
    'DELETE /push/subscriptions': record(routes['DELETE /push/subscriptions'] ?? { status: 204 }),
  });
  return { ...fake, sent, saved: () => saved };
}

describe('Push notifications on this phone', () => {
  it('turns on: asks the browser, subscribes with the API\'s key, sends the subscription and saves the choice', async () => {
    const fake = browser();
    const server = api({}, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    expect(toggle).toHaveProperty('checked', false);
    expect(screen.getByText(/Off on this phone/)).toBeDefined();

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(fake.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [{ applicationServerKey, userVisibleOnly }] = fake.pushManager.subscribe.mock.calls[0] as [{ applicationServerKey: Uint8Array; userVisibleOnly: boolean }];
    expect(userVisibleOnly).toBe(true);
    expect([...applicationServerKey]).toEqual([...(decodeBase64url(PUBLIC_KEY) ?? [])]);
    const subscription = fake.subscription();
    expect(server.sent).toEqual([{ method: 'POST', body: { endpoint: subscription?.endpoint, keys: SUBSCRIPTION_KEYS } }]);
    expect(server.saved()).toEqual({ ...stored, push: true });
    expect(await screen.findByText(/On: this phone shows your notifications/)).toBeDefined();
  });

  it('shows a subscribed phone as on, and turns off: the API forgets it, the browser ends it, the choice is saved', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const subscription = fake.subscription();
    const server = api();
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
    expect(server.sent).toEqual([{ method: 'DELETE', body: { endpoint: subscription?.endpoint } }]);
    expect(subscription?.unsubscribe).toHaveBeenCalled();
    expect(fake.subscription()).toBeNull();
    expect(server.saved()).toEqual({ ...stored, push: false });
  });

  it('is off while the member\'s choice is off, even with a subscription here; turning on keeps that subscription', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const subscription = fake.subscription();
    const server = api({}, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(fake.notification.requestPermission).not.toHaveBeenCalled();
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.sent).toEqual([{ method: 'POST', body: expect.objectContaining({ endpoint: subscription?.endpoint }) }]);
  });

  it('shows the spinner and keeps the switch disabled while it works', async () => {
    browser({ permission: 'granted' });
    let answer: (response: Response) => void = () => undefined;
    api({ 'POST /push/subscriptions': () => new Promise<Response>((resolve) => (answer = resolve)) }, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    fireEvent.click(toggle);
    expect(await screen.findByRole('progressbar', { name: 'Changing push notifications…' })).toBeDefined();
    expect(toggle).toHaveProperty('disabled', true);
    answer(Response.json({ endpoint: 'x', created_at: '2026-12-01T10:00:00Z' }, { status: 201 }));
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says how to allow notifications when the person blocks them, and sends nothing', async () => {
    const fake = browser({ answer: 'denied' });
    const server = api({}, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    fireEvent.click(toggle);
    expect(await screen.findByText(/Notifications are blocked for this site\. To allow them/)).toBeDefined();
    expect(toggle).toHaveProperty('checked', false);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', true));
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.sent).toEqual([]);
  });

  it('asks again after the question was closed without an answer', async () => {
    browser({ answer: 'default' });
    api({}, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    fireEvent.click(toggle);
    expect(await screen.findByText(/Notifications were not allowed\. Turn this on again and choose "Allow"/)).toBeDefined();
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
  });

  it('is disabled, with the way out, when notifications were already blocked', async () => {
    browser({ permission: 'denied' });
    api();
    renderApp(<NotificationPreferencesForm />);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeDefined();
    expect(screen.getByRole('switch', SWITCH)).toHaveProperty('disabled', true);
  });

  it('says what to do when the API refuses the subscription, and leaves the browser without one', async () => {
    const fake = browser({ permission: 'granted' });
    const server = api({ 'POST /push/subscriptions': { status: 500, body: { detail: 'Internal server error' } } }, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be turned on for this phone\. Check the connection and try again/);
    expect(fake.subscription()).toBeNull();
    expect(toggle).toHaveProperty('checked', false);
    expect(server.saved()).toEqual({ ...stored, push: false });
  });

  it('on an iPhone outside the installed app, says to add the app to the home screen', async () => {
    browser({ unsupported: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
    api();
    renderApp(<NotificationPreferencesForm />);
    expect(await screen.findByText(/tap Share, then "Add to Home Screen"/)).toBeDefined();
    expect(screen.getByRole('switch', SWITCH)).toHaveProperty('disabled', true);
  });

  it('in a browser without Web Push, says the browser cannot receive them, not the connection', async () => {
    browser({ unsupported: true });
    api();
    renderApp(<NotificationPreferencesForm />);
    expect(await screen.findByText(/^This browser cannot receive notifications\. On iPhone, add the app to the Home Screen first/)).toBeDefined();
    expect(screen.queryByText(/connection/)).toBeNull();
    expect(screen.getByText('Not available in this browser.')).toBeDefined();
    expect(screen.getByRole('switch', SWITCH)).toHaveProperty('disabled', true);
  });

  it('says the browser cannot receive them when it has the Push API but no push service', async () => {
    const fake = browser({ permission: 'granted' });
    fake.pushManager.subscribe.mockRejectedValueOnce(new DOMException('Registration failed - push service not available', 'AbortError'));
    api({}, { ...stored, push: false });
    renderApp(<NotificationPreferencesForm />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    fireEvent.click(toggle);
    expect(await screen.findByText(/^This browser cannot receive notifications\./)).toBeDefined();
    expect(screen.queryByText(/connection/)).toBeNull();
    expect(toggle).toHaveProperty('checked', false);
  });

  it('is disabled offline, and says so', async () => {
    browser({ permission: 'granted' });
    api();
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    renderApp(<NotificationPreferencesForm />);
    expect(await screen.findByText('You are offline. Connect to the internet to change push notifications.')).toBeDefined();
    expect(screen.getByRole('switch', SWITCH)).toHaveProperty('disabled', true);
  });
});
