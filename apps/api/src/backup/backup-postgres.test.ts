import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { THROUGH_NGINX } from '../test/through-nginx';
import { emptyPostgresDatabase, expectFaithfulCopy, liveState, makeBusiness, startLiveProduct, startRestoredProduct, startWriters, summaryOf, type Business } from './backup-test-kit';
import { TargetNotEmptyError } from './restore-target';
import { runBackup } from './run-backup';
import { runRestore } from './run-restore';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const writers = startWriters(live, business, 0);
    while (writers.completed.length < 1) await sleep(20);
    const before = await liveState(live);
    const file = path.join(root, 'backup.tar.gz');
    const started = Date.now();
    const outcome = await runBackup(live.config, file, say);
    const finished = Date.now();
    await writers.stop();

    expect(outcome.source).toBe('pg_dump');
    expect(writers.completed.filter((c) => c.at > started && c.at < finished).length, 'orders completed while the backup ran').toBeGreaterThan(0);
    expect(outcome.contents.end.missing_photos).toEqual([]);
    expect(outcome.contents.photos).toBe(outcome.contents.manifest.summary.photos);

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
