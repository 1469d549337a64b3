// Test helpers for what the photo store holds (not a test file itself): the app on each
// database with photos on disk, and once with photos in a local S3 server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startTestS3, type TestS3 } from '../../storage/s3-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS, type TestDbKind } from '../../test/test-database';
import { createWorld, type World } from './orders-test-kit';

export type PhotoStore = 'DATA_DIR' | 'S3';

/** Every database with photos in DATA_DIR, and the first with photos in S3. */
export const PHOTO_STORE_CASES: Array<[TestDbKind, PhotoStore]> = [...TEST_DB_KINDS.map((k) => [k, 'DATA_DIR'] as [TestDbKind, PhotoStore]), [TEST_DB_KINDS[0]!, 'S3']];

export interface PhotoWorld {
  ctx: TestContext;
  world: World;
  /** The S3 server when photos go there, else null. */
  s3: TestS3 | null;
  /** The app's DATA_DIR (photos under images/ when not in S3). */
  dataDir: string;
}

/** Registers the suite's beforeAll/afterAll that open and close a `PhotoWorld`; `take` receives it once open. */
export function usePhotoWorld(kind: TestDbKind, where: PhotoStore, take: (made: PhotoWorld) => void): void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-photos-'));
  let ctx: TestContext | undefined;
  let s3: TestS3 | null = null;
  beforeAll(async () => {
    if (where === 'S3') s3 = await startTestS3();
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir, ...(s3 ? { STORAGE_URL: s3.storageUrl } : {}) } });
    take({ ctx, world: await createWorld(ctx), s3, dataDir });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}
