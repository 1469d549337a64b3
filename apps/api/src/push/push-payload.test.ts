import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { pushPayloadSchema } from '@app/shared/schemas/push';
import { browserKeys } from '../test/push-service';
import { PUSH_PAYLOAD_MAX_BYTES, pushPayload } from './push-payload';

describe('the push payload', () => {
  it('is exactly {title, body, link, tag}', () => {
    const payload = pushPayload({ title: 'Order #00000042 is weighed', body: 'Check the weights.', link: '/Store/Orders?id=42' }, '/Store/Orders?id=42');
    expect(payload).toEqual({ title: 'Order #00000042 is weighed', body: 'Check the weights.', link: '/Store/Orders?id=42', tag: '/Store/Orders?id=42' });
    expect(pushPayloadSchema.strict().parse(payload)).toEqual(payload);
  });

  it('cuts a long Hindi body to fit one push message (4096 bytes once encrypted)', () => {
    const body = 'ऑर्डरकावज़नहोगयाहै'.repeat(100).slice(0, 1000);
    const payload = pushPayload({ title: 'ऑर्डर #00000042 का वज़न हो गया', body, link: '/Store/Orders?id=42' }, '/Store/Orders?id=42');
    const json = JSON.stringify(payload);
    expect(Buffer.byteLength(json)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(Buffer.byteLength(json)).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 10);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(body.startsWith(payload.body.slice(0, -1))).toBe(true);
    const { keys } = browserKeys();
    expect(webpush.encrypt(keys.p256dh, keys.auth, json, 'aes128gcm').cipherText.length).toBeLessThanOrEqual(4096);
  });
});
