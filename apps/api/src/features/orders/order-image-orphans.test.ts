import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createS3Storage, parseStorageUrl } from '../../storage/s3-storage';
import type { TestS3 } from '../../storage/s3-test-server';
import type { TestContext } from '../../test/test-app';
import { multipartFile, orderInStatus, ordersApi, PNG_BYTES, type World } from './orders-test-kit';
import { PHOTO_STORE_CASES, usePhotoWorld } from './photo-store-test-kit';

// design.md section 17: a photo's file is removed when its row never commits. Every
// database, and both photo stores.

describe.each(PHOTO_STORE_CASES)('a photo whose row fails on %s, photos in %s', (kind, where) => {
  let ctx: TestContext;
  let world: World;
  let s3: TestS3 | null = null;
  let dataDir: string;
  usePhotoWorld(kind, where, (made) => ({ ctx, world, s3, dataDir } = made));

  /** What the photo store holds for the order, looked at directly: the directory, or the bucket. */
  async function storedFor(orderId: number): Promise<string[]> {
    const prefix = `orders/${orderId}/`;
    if (s3) {
      const location = parseStorageUrl(s3.storageUrl);
      const { client } = createS3Storage(location);
      const listed = await client.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    }
    const dir = path.join(dataDir, 'images', prefix);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }
  const upload = (orderId: number) => {
    const body = multipartFile(PNG_BYTES, 'load.png', 'image/png');
    return ctx.app.inject({ method: 'POST', url: `/orders/${orderId}/images`, headers: { ...world.driver.headers, ...body.headers }, payload: body.payload });
  };

  it('leaves no file behind when the insert is refused by a constraint, and keeps the next one', async () => {
    const orderId = await orderInStatus(ctx, world, 'arrived');
    // The file is already stored when the insert runs; the constraint fails only that insert.
    const constraint = `test_refuses_photos_of_order_${orderId}`;
    await ctx.db.execute(sql.raw(`alter table order_images add constraint ${constraint} check (order_id <> ${orderId}) not valid`));
    try {
      const refused = await upload(orderId);
      expect(refused.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw(`alter table order_images drop constraint ${constraint}`));
    }
    expect(await storedFor(orderId)).toEqual([]);
    expect((await ordersApi(ctx).get(world.driver, orderId)).json().image_count).toBe(0);

    // The same look at the store sees a photo whose row did commit.
    expect((await upload(orderId)).statusCode).toBe(201);
    expect(await storedFor(orderId)).toHaveLength(1);
  });
});
