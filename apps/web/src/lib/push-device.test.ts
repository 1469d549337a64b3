// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { decodeBase64url } from '@app/shared/base64url';
import { fakePushBrowser, fakeSubscription, PUBLIC_KEY, SUBSCRIPTION_KEYS } from '@/test/push-browser';
import { pushSupport, readPushRecord, subscribeDevice, subscriptionBody, writePushRecord } from './push-device';

// This browser's side of Web Push, with a fake browser (test/push-browser.ts).

let restore = () => undefined as void;
afterEach(() => restore());

function browser(options: Parameters<typeof fakePushBrowser>[0] = {}) {
  const fake = fakePushBrowser(options);
  restore = fake.restore;
  return fake;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('whether this browser can have pushes', () => {
  it('can with a service worker, PushManager and Notification', () => {
    browser();
    expect(pushSupport()).toBe('supported');
  });

  it('on an iPhone or iPad outside the installed app, needs the app on the home screen first', () => {
    browser({ unsupported: true, userAgent: IPHONE });
    expect(pushSupport()).toBe('install-first');
    restore();
    browser({ unsupported: true, userAgent: IPAD_AS_MAC });
    Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
    try {
      expect(pushSupport()).toBe('install-first');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).maxTouchPoints;
    }
  });

  it('cannot in another browser without them', () => {
    browser({ unsupported: true });
    expect(pushSupport()).toBe('unsupported');
  });
});

describe('subscribing this browser', () => {
  const keyBuffer = () => new Uint8Array(decodeBase64url(PUBLIC_KEY) ?? []).buffer;

  it('subscribes with the API\'s key, for notifications the person sees', async () => {
    const fake = browser({ permission: 'granted' });
    const subscription = await subscribeDevice(PUBLIC_KEY);
    expect(subscription).toBe(fake.subscription());
    const [options] = fake.pushManager.subscribe.mock.calls[0] as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey.buffer).toEqual(keyBuffer());
  });

  it('keeps a subscription made with the same key, and replaces one made with another', async () => {
    const same = browser({ permission: 'granted', subscribed: true });
    const kept = same.subscription();
    expect(await subscribeDevice(PUBLIC_KEY)).toBe(kept);
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();
    restore();

    const other = browser({ permission: 'granted' });
    const old = fakeSubscription('https://push.example/send/old-key', new Uint8Array(65).fill(4).buffer);
    other.pushManager.getSubscription.mockResolvedValueOnce(old);
    const made = await subscribeDevice(PUBLIC_KEY);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(made).not.toBe(old);
    expect(other.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('refuses a key that is not base64url', async () => {
    browser({ permission: 'granted' });
    await expect(subscribeDevice('not base64!')).rejects.toThrow(/base64url/);
  });

  it('sends the subscription as the API takes it, and never one without its keys', () => {
    const subscription = fakeSubscription('https://push.example/send/1');
    expect(subscriptionBody(subscription as unknown as PushSubscription)).toEqual({ endpoint: 'https://push.example/send/1', keys: SUBSCRIPTION_KEYS });
    const broken = { toJSON: () => ({ endpoint: 'https://push.example/send/2', keys: {} }) };
    expect(() => subscriptionBody(broken as unknown as PushSubscription)).toThrow(/endpoint or keys/);
  });
});

describe('the device\'s note of whom the subscription was sent for', () => {
  it('is written, read and removed; anything else in its place reads as none', () => {
    browser();
    writePushRecord({ memberId: 3, endpoint: 'https://push.example/send/1' });
    expect(readPushRecord()).toEqual({ memberId: 3, endpoint: 'https://push.example/send/1' });
    writePushRecord(null);
    expect(readPushRecord()).toBeNull();
    for (const junk of ['{', '"x"', '{"memberId":"3","endpoint":"e"}', '[]']) {
      localStorage.setItem('push.device', junk);
      expect(readPushRecord(), junk).toBeNull();
    }
  });
});
