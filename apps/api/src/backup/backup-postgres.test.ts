import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql as sqlTag } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { THROUGH_NGINX } from '../test/through-nginx';
import { backupWhileOrdersComplete, databaseBytesOf, emptyPostgresDatabase, expectFaithfulCopy, foundIn, makeBusiness, privateKeyTexts, rows, startLiveProduct, startRestoredProduct, summaryOf, withTestKey, type Business } from './backup-test-kit';
import { TargetNotEmptyError } from './restore-target';
import { runBackup } from './run-backup';
import { runRestore } from './run-restore';

describe.runIf(TEST_DB_KINDS.includes('postgres') && !THROUGH_NGINX)('backup and restore with DATABASE_URL (pg_dump)', () => {
  let root: string;
  let live: TestContext;
  let business: Business;
  let target: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  const say = () => {};

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-backup-pg-'));
    live = await startLiveProduct('postgres', { DATA_DIR: path.join(root, 'live') });
    business = await makeBusiness(live);
    target = await emptyPostgresDatabase();
  });

  afterAll(async () => {
    await live?.close();
    await target?.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('dumps one snapshot with its photos while orders complete, and a restore into an empty database brings back every order, entry, invoice number and photo', async () => {
    const file = path.join(root, 'backup.tar.gz.enc');
    const protection = withTestKey();
    const keyTexts = await privateKeyTexts(live);
    const { before, outcome } = await backupWhileOrdersComplete(live, business, file, 0, say, protection);
    expect(outcome.source).toBe('pg_dump');
    expect(foundIn(await databaseBytesOf(file, protection.key), keyTexts)).toEqual(keyTexts);

    const settings = { DATA_DIR: path.join(root, 'restored'), DATABASE_URL: target.url };
    await runRestore(testConfig(settings), file, say, protection.key);
    const restored = await startRestoredProduct(settings);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      await expectFaithfulCopy(restored, live, before, business.world.admin);

      // The database is no longer empty: a second restore is refused and changes nothing.
      await expect(runRestore(testConfig({ DATA_DIR: path.join(root, 'elsewhere'), DATABASE_URL: target.url }), file, say, protection.key)).rejects.toThrow(TargetNotEmptyError);
      expect(fs.existsSync(path.join(root, 'elsewhere', 'images'))).toBe(false);
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('--unencrypted: pg_dump writes no row of the private keys, and the restored copy makes new ones', async () => {
    const keyTexts = await privateKeyTexts(live);
    const file = path.join(root, 'unencrypted.tar.gz');
    const outcome = await runBackup(live.config, file, say, { kind: 'unencrypted' });
    expect(outcome.contents.manifest.private_keys).toBe('left_out');
    const sql = await databaseBytesOf(file, null);
    expect(sql.toString('utf8')).toContain('CREATE TABLE public.signing_keys');
    expect(foundIn(sql, keyTexts)).toEqual([]);

    const other = await emptyPostgresDatabase();
    const settings = { DATA_DIR: path.join(root, 'restored-unencrypted'), DATABASE_URL: other.url };
    try {
      const lines: string[] = [];
      await runRestore(testConfig(settings), file, (line) => lines.push(line));
      expect(lines).toContainEqual(expect.stringContaining('without the token-signing and VAPID private keys'));
      const restored = await startRestoredProduct(settings);
      try {
        expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
        const kids = async (ctx: TestContext) => (await rows<{ kid: string }>(ctx.db, sqlTag`select kid from signing_keys`)).map((r) => r.kid);
        const [liveKids, newKids] = [await kids(live), await kids(restored)];
        expect(newKids).toHaveLength(1);
        expect(liveKids).not.toContain(newKids[0]);
        // A token the old key signed opens nothing on the copy.
        const refused = await restored.app.inject({ method: 'GET', url: '/orders/', headers: business.world.admin.headers });
        expect(refused.statusCode).toBe(401);
      } finally {
        await restored.close();
      }
    } finally {
      await other.drop();
    }
  }, 120_000);
});
