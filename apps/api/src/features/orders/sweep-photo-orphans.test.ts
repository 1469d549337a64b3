import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderImages } from '../../db/tables/orders.table';
import { runSchedulerTick } from '../../scheduler/scheduler';
import type { TestContext } from '../../test/test-app';
import { multipartFile, orderInStatus, PNG_BYTES, type World } from './orders-test-kit';
import { PHOTO_STORE_CASES, usePhotoWorld } from './photo-store-test-kit';
import { sweepPhotoOrphans } from './sweep-photo-orphans';

// design.md section 17: the file of a photo whose row never committed (the process died
// between the two) goes, and nothing else does. Every database, and both photo stores.
const HOUR = 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(PHOTO_STORE_CASES)('sweeping photo orphans on %s, photos in %s', (kind, where) => {
  let ctx: TestContext;
  let world: World;
  usePhotoWorld(kind, where, (made) => ({ ctx, world } = made));

  const stored = async (key: string) => (await ctx.app.imageStorage.get(key)) !== null;
  /** What a crash after the put and before the commit leaves. */
  const orphan = async (orderId: number) => {
    const key = `orders/${orderId}/${randomUUID()}.png`;
    await ctx.app.imageStorage.put(key, PNG_BYTES, 'image/png');
    return key;
  };
  /** A photo uploaded the usual way: file and row. */
  const photo = async () => {
    const orderId = await orderInStatus(ctx, world, 'arrived');
    const body = multipartFile(PNG_BYTES, 'load.png', 'image/png');
    const res = await ctx.app.inject({ method: 'POST', url: `/orders/${orderId}/images`, headers: { ...world.driver.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select({ key: orderImages.storageKey }).from(orderImages).where(eq(orderImages.orderId, orderId));
    return { orderId, key: row!.key };
  };

  it('deletes an orphan older than an hour, and keeps a fresh orphan and a file with a row', async () => {
    const kept = await photo();
    const sameOrder = await orphan(kept.orderId);
    const noOrder = await orphan(987_654_321);

    // An upload may still be between its put and its commit: a fresh file is not touched.
    expect(await sweepPhotoOrphans(ctx.db, ctx.app.imageStorage, new Date())).toBe(0);
    expect(await stored(sameOrder)).toBe(true);

    expect(await sweepPhotoOrphans(ctx.db, ctx.app.imageStorage, later(HOUR + 60_000))).toBe(2);
    expect(await stored(sameOrder)).toBe(false);
    expect(await stored(noOrder)).toBe(false);
    expect(await stored(kept.key)).toBe(true);
    expect(await sweepPhotoOrphans(ctx.db, ctx.app.imageStorage, later(2 * HOUR))).toBe(0);
  });

  it('goes through more orphans than one batch, and than one page of a listing, holds', async () => {
    const kept = await photo();
    // 1,050: two batches of 500 and a part one; S3 lists 1,000 keys a page. Over a few orders.
    const orphans: string[] = [];
    for (let start = 0; start < 1_050; start += 50) {
      orphans.push(...(await Promise.all(Array.from({ length: 50 }, (_, i) => orphan(kept.orderId + ((start + i) % 3))))));
    }
    expect(await sweepPhotoOrphans(ctx.db, ctx.app.imageStorage, later(HOUR + 60_000))).toBe(1_050);
    for (const key of [orphans[0]!, orphans[499]!, orphans[500]!, orphans[999]!, orphans[1_049]!]) expect(await stored(key)).toBe(false);
    expect(await stored(kept.key)).toBe(true);
    expect(await sweepPhotoOrphans(ctx.db, ctx.app.imageStorage, later(2 * HOUR))).toBe(0);
  }, 120_000);

  it('runs in the scheduler tick, at most every 15 minutes', async () => {
    const kept = await photo();
    await orphan(kept.orderId);
    const base = Date.now() + 2 * HOUR;
    expect((await runSchedulerTick(ctx.app, new Date(base))).photoOrphansDeleted).toBe(1);

    const next = await orphan(kept.orderId);
    expect((await runSchedulerTick(ctx.app, new Date(base + 60_000))).photoOrphansDeleted).toBe(0);
    expect(await stored(next)).toBe(true);
    expect((await runSchedulerTick(ctx.app, new Date(base + 16 * 60_000))).photoOrphansDeleted).toBe(1);
    expect(await stored(next)).toBe(false);
    expect(await stored(kept.key)).toBe(true);
  });
});
