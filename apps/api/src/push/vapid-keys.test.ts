import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { testConfig } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import { vapidKeys } from '../db/tables/push.table';
import { openTestDatabase, TEST_DB_KINDS } from '../test/test-database';
import { createTestApp } from '../test/test-app';
import { isP256KeyPair } from './p256';
import { loadVapidKeys } from './vapid-keys';

// design.md section 15: the VAPID key pair comes from VAPID_* (checked at start) or is
// generated on first start and kept in the database, the same for every process.

describe('VAPID configuration', () => {
  const pair = webpush.generateVAPIDKeys();

  it('takes a pair as `web-push generate-vapid-keys` prints it, and a subject', () => {
    const config = testConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'https://orders.example.com/contact' });
    expect(config.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    expect(config.VAPID_SUBJECT).toBe('https://orders.example.com/contact');
  });

  it('defaults the subject to the sender address of the mails', () => {
    expect(testConfig().VAPID_SUBJECT).toBe('mailto:no-reply@kabadi.local');
    expect(testConfig({ MAIL_FROM: 'ops@example.com' }).VAPID_SUBJECT).toBe('mailto:ops@example.com');
  });

  it('refuses half a pair, a mismatched pair, a key that is not one, and a subject push services cannot use', () => {
    const other = webpush.generateVAPIDKeys();
    expect(() => testConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => testConfig({ VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => testConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/not the private key of VAPID_PUBLIC_KEY/);
    expect(() => testConfig({ VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY: use the base64url public key/);
    expect(() => testConfig({ VAPID_PUBLIC_KEY: `${pair.publicKey}=`, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => testConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'not-a-key' })).toThrow(/VAPID_PRIVATE_KEY: use the base64url private key/);
    expect(() => testConfig({ VAPID_SUBJECT: 'http://orders.example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => testConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe.each(TEST_DB_KINDS)('the VAPID key pair on %s', (kind) => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('is generated once: processes starting together all end with the same pair, kept for the next start', async () => {
    handle = await openTestDatabase(kind);
    const config = testConfig();
    const loaded = await Promise.all([1, 2, 3, 4].map(() => loadVapidKeys(handle!.db, config)));
    expect(new Set(loaded.map((k) => k.publicKey)).size).toBe(1);
    expect(isP256KeyPair(loaded[0]!.publicKey, loaded[0]!.privateKey)).toBe(true);
    expect(await handle.db.select().from(vapidKeys)).toHaveLength(1);
    expect((await loadVapidKeys(handle.db, config)).publicKey).toBe(loaded[0]!.publicKey);
  });

  it('uses VAPID_* when set, and stores nothing', async () => {
    const pair = webpush.generateVAPIDKeys();
    const ctx = await createTestApp(kind, { config: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey } });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/push/public-key' })).json()).toEqual({ key: pair.publicKey });
      expect(await ctx.db.select().from(vapidKeys)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
