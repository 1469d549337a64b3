// design.md section 23, "Backups are safe to carry": encrypted with BACKUP_KEY, or without
// the private keys; owner-only inside. Against the running API on its DATA_DIR, as `npm start` runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { BackupKey, BackupKeyError, ENCRYPTED_MAGIC } from './backup-crypto';
import { databaseBytesOf, foundIn, makeBusiness, privateKeyTexts, rows, startLiveProduct, startRestoredProduct, summaryOf, TEST_BACKUP_KEY, withTestKey, type Business } from './backup-test-kit';
import { runBackup } from './run-backup';
import { runRestore } from './run-restore';

describe.runIf(TEST_DB_KINDS.includes('pglite'))('backups safe to carry (embedded database, running API)', () => {
  let root: string;
  let live: TestContext;
  let business: Business;
  let keyTexts: string[];
  const say = () => {};
  const kids = async (ctx: TestContext) => (await rows<{ kid: string }>(ctx.db, sql`select kid from signing_keys`)).map((r) => r.kid);
  const emptyTarget = (name: string) => ({ DATA_DIR: path.join(root, name) });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-backup-carry-'));
    live = await startLiveProduct('pglite', { DATA_DIR: path.join(root, 'live') });
    business = await makeBusiness(live);
    keyTexts = await privateKeyTexts(live);
  }, 60_000);

  afterAll(async () => {
    await live?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('--unencrypted: the API leaves the private keys out of its snapshot, every entry is 0600, and the restored copy signs with new keys', async () => {
    const file = path.join(root, 'unencrypted.tar.gz');
    const outcome = await runBackup(live.config, file, say, { kind: 'unencrypted' });
    expect(outcome.source).toBe('the running API');
    expect(outcome.contents.manifest.private_keys).toBe('left_out');
    expect(foundIn(await databaseBytesOf(file, null), keyTexts)).toEqual([]);
    // The private keys are still in the live database: only the copy lost them.
    expect(await privateKeyTexts(live)).toEqual(keyTexts);

    const listing = spawnSync('tar', ['-tvzf', file], { encoding: 'utf8' });
    expect(listing.status, listing.stderr).toBe(0);
    expect(new Set(listing.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]))).toEqual(new Set(['-rw-------']));

    const lines: string[] = [];
    const target = emptyTarget('restored-unencrypted');
    await runRestore(testConfig(target), file, (line) => lines.push(line));
    expect(lines).toContainEqual(expect.stringContaining('without the token-signing and VAPID private keys'));
    const restored = await startRestoredProduct(target);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      const [liveKids, newKids] = [await kids(live), await kids(restored)];
      expect(newKids).toHaveLength(1);
      expect(liveKids).not.toContain(newKids[0]);
      // A token the old key signed opens nothing on the copy; the same token still works on the live API.
      expect((await restored.app.inject({ method: 'GET', url: '/orders/', headers: business.world.admin.headers })).statusCode).toBe(401);
      expect((await live.app.inject({ method: 'GET', url: '/orders/', headers: business.world.admin.headers })).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('encrypted: unreadable without BACKUP_KEY, refused with a wrong key or cut short, and whole with the right key', async () => {
    const file = path.join(root, 'encrypted.tar.gz.enc');
    const protection = withTestKey();
    const outcome = await runBackup(live.config, file, say, protection);
    expect(outcome.contents.manifest.private_keys).toBe('included');

    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).equals(ENCRYPTED_MAGIC)).toBe(true);
    for (const text of ['kabadi-backup/manifest.json', 'signing_keys', 'order_images', 'PG_VERSION', ...keyTexts]) expect(bytes.includes(Buffer.from(text)), text).toBe(false);
    expect(spawnSync('tar', ['-tzf', file]).status).not.toBe(0);
    // Opened with the key, it holds the private keys: the search above can find them.
    expect(foundIn(await databaseBytesOf(file, new BackupKey(TEST_BACKUP_KEY)), keyTexts)).toEqual(keyTexts);

    const target = emptyTarget('restored-encrypted');
    await expect(runRestore(testConfig(target), file, say)).rejects.toThrow(/is encrypted: set BACKUP_KEY to the key it was written with/);
    const wrong = runRestore(testConfig(target), file, say, new BackupKey('another passphrase, just as long'));
    await expect(wrong).rejects.toThrow(BackupKeyError);
    await expect(runRestore(testConfig(target), file, say, new BackupKey('another passphrase, just as long'))).rejects.toThrow('the backup key does not open this file');
    const cut = path.join(root, 'cut.tar.gz.enc');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await expect(runRestore(testConfig(target), cut, say, protection.key)).rejects.toThrow(/is not a complete backup of Kabadi Orders: it is damaged or cut short/);
    expect(fs.existsSync(path.join(target.DATA_DIR, 'pglite'))).toBe(false);

    await runRestore(testConfig(target), file, say, protection.key);
    const restored = await startRestoredProduct(target);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      expect(await kids(restored)).toEqual(await kids(live));
      expect((await restored.app.inject({ method: 'GET', url: '/orders/', headers: business.world.admin.headers })).statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
