import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/config';
import { startTestS3, type TestS3 } from '../storage/s3-test-server';
import type { TestContext } from '../test/test-app';
import { TEST_DB_KINDS } from '../test/test-database';
import { expectFaithfulCopy, liveState, makeBusiness, startLiveProduct, startRestoredProduct, summaryOf, withTestKey } from './backup-test-kit';
import { runBackup } from './run-backup';
import { runRestore } from './run-restore';

describe.runIf(TEST_DB_KINDS.includes('pglite'))('backup and restore with the photos in S3 (STORAGE_URL)', () => {
  let root: string;
  let liveBucket: TestS3;
  let restoredBucket: TestS3;
  let live: TestContext | undefined;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-backup-s3-'));
    liveBucket = await startTestS3('kabadi-live');
    restoredBucket = await startTestS3('kabadi-restored');
  });

  afterAll(async () => {
    await live?.close();
    await liveBucket.close();
    await restoredBucket.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('carries the photos from one bucket into the backup file and from there into the restored deployment\'s bucket', async () => {
    live = await startLiveProduct('pglite', { DATA_DIR: path.join(root, 'live'), STORAGE_URL: liveBucket.storageUrl });
    const { world } = await makeBusiness(live);
    const before = await liveState(live);
    const file = path.join(root, 'backup.tar.gz.enc');
    const protection = withTestKey();
    const outcome = await runBackup(live.config, file, () => {}, protection);
    expect(outcome.contents.photos).toBe(2);

    const settings = { DATA_DIR: path.join(root, 'restored'), STORAGE_URL: restoredBucket.storageUrl };
    await runRestore(testConfig(settings), file, () => {}, protection.key);
    expect(fs.existsSync(path.join(settings.DATA_DIR, 'images'))).toBe(false);
    const restored = await startRestoredProduct(settings);
    try {
      expect(await summaryOf(restored.db)).toEqual(outcome.contents.manifest.summary);
      await expectFaithfulCopy(restored, live, before, world.admin);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
