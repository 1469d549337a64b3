import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { THROUGH_NGINX } from '../test/through-nginx';
import { backupWhileOrdersComplete, emptyPostgresDatabase, expectFaithfulCopy, makeBusiness, startLiveProduct, startRestoredProduct, summaryOf, type Business } from './backup-test-kit';
import { TargetNotEmptyError } from './restore-target';
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
    const file = path.join(root, 'backup.tar.gz');
    const { before, outcome } = await backupWhileOrdersComplete(live, business, file, 0, say);
    expect(outcome.source).toBe('pg_dump');

    const settings = { DATA_DIR: path.join(root, 'restored'), DATABASE_URL: target.url };
    await runRestore(testConfig(settings), file, say);
    const restored = await startRestoredProduct(settings);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      await expectFaithfulCopy(restored, live, before, business.world.admin);

      // The database is no longer empty: a second restore is refused and changes nothing.
      await expect(runRestore(testConfig({ DATA_DIR: path.join(root, 'elsewhere'), DATABASE_URL: target.url }), file, say)).rejects.toThrow(TargetNotEmptyError);
      expect(fs.existsSync(path.join(root, 'elsewhere', 'images'))).toBe(false);
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
