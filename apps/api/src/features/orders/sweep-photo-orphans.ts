import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { orderImages } from '../../db/tables/orders.table';
import type { ImageStorage } from '../../storage/image-storage';

/** Far longer than any upload takes between storing its file and committing its row. */
export const PHOTO_ORPHAN_AGE_MS = 60 * 60 * 1000;
const BATCH = 500;
// Photo keys are `orders/<order id>/<uuid>.<ext>` (order-images.ts): the order id reaches the indexed column.
const PHOTO_KEY = /^orders\/(\d{1,15})\/[^/]+$/;

/**
 * design.md section 17: a photo's file is removed when its row never commits. The upload
 * deletes it when the insert fails; this catches the process that died in between. No
 * lock: deleting a file that has no row twice is harmless, and a transaction held across
 * the listing would stall every other query on PGlite.
 */
export async function sweepPhotoOrphans(db: Database, storage: ImageStorage, now: Date): Promise<number> {
  const cutoff = now.getTime() - PHOTO_ORPHAN_AGE_MS;
  let deleted = 0;
  let batch: Array<{ key: string; orderId: number }> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = batch.map((b) => b.key);
    const orderIds = [...new Set(batch.map((b) => b.orderId))];
    const rows = await db
      .select({ key: orderImages.storageKey })
      .from(orderImages)
      .where(and(inArray(orderImages.orderId, orderIds), inArray(orderImages.storageKey, keys)));
    const named = new Set(rows.map((r) => r.key));
    for (const key of keys) {
      if (named.has(key)) continue;
      await storage.delete(key);
      deleted += 1;
    }
    batch = [];
  };
  for await (const { key, modifiedAt } of storage.list('orders/')) {
    const match = PHOTO_KEY.exec(key);
    // A key the upload cannot have made is someone else's: left alone.
    if (!match || modifiedAt.getTime() > cutoff) continue;
    batch.push({ key, orderId: Number(match[1]) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return deleted;
}
