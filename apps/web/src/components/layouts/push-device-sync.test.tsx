// @vitest-environment happy-dom
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/config/runtime-config';
import { readPushRecord, writePushRecord } from '@/lib/push-device';
import { PUSH_SUBSCRIPTION_CHANGED } from '@/lib/push-message';
import { session } from '@/lib/session';
import { fakePushBrowser, PUBLIC_KEY, SUBSCRIPTION_KEYS } from '@/test/push-browser';
import { API, fakeApi, renderApp } from '@/test/render';
import { forgetPushDevice, PushDeviceSync, syncPushDevice } from './push-device-sync';

// This phone's subscription follows who is signed in: a shared phone never keeps getting the
// last member's notifications, and a renewed subscription reaches the API.

const MEMBER = 7;
const publicKey = async () => PUBLIC_KEY;

let restore = () => undefined as void;
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

function browser(options: Parameters<typeof fakePushBrowser>[0] = {}) {
  const fake = fakePushBrowser(options);
  restore = fake.restore;
  return fake;
}

/** The push routes, recording what was sent and with which token. */
function pushApi() {
  setRuntimeConfig({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } });
  const sent: { call: string; body: unknown; authorization: string | null }[] = [];
  const record = (status: number) => async (request: Request) => {
    sent.push({ call: `${request.method} ${new URL(request.url).pathname}`, body: await request.json(), authorization: request.headers.get('authorization') });
    return status === 204 ? new Response(null, { status }) : Response.json({ endpoint: 'x', created_at: '2026-12-01T10:00:00Z' }, { status });
  };
  fakeApi({ 'POST /push/subscriptions': record(201), 'DELETE /push/subscriptions': record(204), 'GET /push/public-key': { body: { key: PUBLIC_KEY } } });
  return sent;
}

describe('at the start of a member\'s section', () => {
  it('leaves the member\'s own subscription as it was sent', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const sent = pushApi();
    writePushRecord({ memberId: MEMBER, endpoint: fake.subscription()?.endpoint ?? '' });
    await syncPushDevice(MEMBER, publicKey);
    expect(sent).toEqual([]);
    expect(fake.subscription()).not.toBeNull();
  });

  it('ends a subscription made for another member, or for nobody it knows', async () => {
    for (const record of [{ memberId: 99, endpoint: 'https://push.example/send/old' }, null]) {
      const fake = browser({ permission: 'granted', subscribed: true });
      const sent = pushApi();
      const subscription = fake.subscription();
      writePushRecord(record);
      await syncPushDevice(MEMBER, publicKey);
      expect(subscription?.unsubscribe).toHaveBeenCalled();
      expect(readPushRecord()).toBeNull();
      expect(sent).toEqual([]);
      restore();
    }
  });

  it('sends a subscription the browser renewed, and removes the old one', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const sent = pushApi();
    const renewed = fake.subscription();
    writePushRecord({ memberId: MEMBER, endpoint: 'https://push.example/send/expired' });
    await syncPushDevice(MEMBER, publicKey);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => [s.call, s.body])).toEqual([
      ['POST /push/subscriptions', { endpoint: renewed?.endpoint, keys: SUBSCRIPTION_KEYS }],
      ['DELETE /push/subscriptions', { endpoint: 'https://push.example/send/expired' }],
    ]);
    expect(readPushRecord()).toEqual({ memberId: MEMBER, endpoint: renewed?.endpoint });
  });

  it('subscribes again when the browser dropped the member\'s subscription, while notifications are allowed', async () => {
    const fake = browser({ permission: 'granted' });
    const sent = pushApi();
    writePushRecord({ memberId: MEMBER, endpoint: 'https://push.example/send/dropped' });
    await syncPushDevice(MEMBER, publicKey);
    const made = fake.subscription();
    expect(made).not.toBeNull();
    expect(sent[0]).toMatchObject({ call: 'POST /push/subscriptions', body: { endpoint: made?.endpoint } });
    expect(readPushRecord()).toEqual({ memberId: MEMBER, endpoint: made?.endpoint });
  });

  it('forgets the note when notifications are no longer allowed', async () => {
    const fake = browser({ permission: 'denied' });
    pushApi();
    writePushRecord({ memberId: MEMBER, endpoint: 'https://push.example/send/dropped' });
    await syncPushDevice(MEMBER, publicKey);
    expect(fake.pushManager.subscribe).not.toHaveBeenCalled();
    expect(readPushRecord()).toBeNull();
  });

  it('checks again when the service worker says the browser renewed the subscription', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const sent = pushApi();
    session.setTokens({ accessToken: 'access-1', idToken: null, refreshToken: null, expiresAt: Date.now() + 3_600_000 });
    session.setUser({ memberId: MEMBER, loginId: 'store@demo.kabadi.in', name: 'Store', role: 'store', storeId: 1, vendorId: null, driverId: null });
    writePushRecord({ memberId: MEMBER, endpoint: fake.subscription()?.endpoint ?? '' });
    try {
      renderApp(<PushDeviceSync />);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sent).toEqual([]);
      writePushRecord({ memberId: MEMBER, endpoint: 'https://push.example/send/before' });
      fake.postMessage({ type: PUSH_SUBSCRIPTION_CHANGED });
      await waitFor(() => expect(sent[0]).toMatchObject({ call: 'POST /push/subscriptions', authorization: 'Bearer access-1' }));
    } finally {
      await session.signOut('user');
    }
  });
});

describe('at sign-out', () => {
  it('tells the API with the member\'s token and ends the subscription here', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    const sent = pushApi();
    const subscription = fake.subscription();
    writePushRecord({ memberId: MEMBER, endpoint: subscription?.endpoint ?? '' });
    await forgetPushDevice('access-9');
    expect(sent).toEqual([{ call: 'DELETE /push/subscriptions', body: { endpoint: subscription?.endpoint }, authorization: 'Bearer access-9' }]);
    expect(subscription?.unsubscribe).toHaveBeenCalled();
    expect(readPushRecord()).toBeNull();
  });

  it('still ends the subscription here when the API cannot be told', async () => {
    const fake = browser({ permission: 'granted', subscribed: true });
    setRuntimeConfig({ apiBaseUrl: API, role: 'admin', env: 'dev', auth: { provider: 'local' } });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const subscription = fake.subscription();
    await forgetPushDevice('access-9');
    expect(subscription?.unsubscribe).toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does nothing in a browser without a subscription', async () => {
    browser({ permission: 'granted' });
    const sent = pushApi();
    await forgetPushDevice('access-9');
    expect(sent).toEqual([]);
  });
});
