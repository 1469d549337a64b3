import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderImages, orders } from '../../db/tables/orders.table';
import { createImageStorage } from '../../storage/create-image-storage';
import type { ImageStorage } from '../../storage/image-storage';
import { startTestS3, type TestS3 } from '../../storage/s3-test-server';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS, type TestDbKind } from '../../test/test-database';
import { addLoadPhoto, createWorld, orderInStatus, ordersApi, type World } from './orders-test-kit';

// design.md section 15: the driver may remove a photo of its own order before the weighed
// lines are submitted. Every database, and both photo stores (on one database: the store
// is what differs).
const CASES: Array<[TestDbKind, 'DATA_DIR' | 'S3']> = [...TEST_DB_KINDS.map((k) => [k, 'DATA_DIR'] as [TestDbKind, 'DATA_DIR']), [TEST_DB_KINDS[0]!, 'S3']];

describe.each(CASES)('removing order photos on %s, photos in %s', (kind, where) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  let s3: TestS3 | null = null;
  let storage: ImageStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-removal-'));

  beforeAll(async () => {
    if (where === 'S3') s3 = await startTestS3();
    const storageUrl = s3?.storageUrl;
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir, ...(storageUrl ? { STORAGE_URL: storageUrl } : {}) } });
    // The same store the app writes to, opened again to look inside.
    storage = createImageStorage({ dataDir, STORAGE_URL: storageUrl });
    world = await createWorld(ctx);
    api = ordersApi(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const remove = (as: TestMember, id: number, imageId: number, slash = '') =>
    ctx.app.inject({ method: 'DELETE', url: `/orders/${id}/images/${imageId}${slash}`, headers: as.headers });
  /** An order in `status` with one photo the driver took before the weighed lines; its image row. */
  async function orderWithPhoto(status: 'accepted' | 'moving' | 'arrived') {
    const id = await orderInStatus(ctx, world, status);
    await addLoadPhoto(ctx, world.driver, id);
    const [image] = await ctx.db.select().from(orderImages).where(eq(orderImages.orderId, id));
    return { id, image: image! };
  }
  const stored = async (key: string) => (await storage.get(key)) !== null;

  it.each(['accepted', 'moving', 'arrived'] as const)('lets the driver remove its own photo while the order is %s: gone from the order, the database and the store', async (status) => {
    const { id, image } = await orderWithPhoto(status);
    expect(await stored(image.storageKey)).toBe(true);
    const [before] = await ctx.db.select({ updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, id));
    const res = await remove(world.driver, id, image.id, '/');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const order = (await api.get(world.driver, id)).json();
    expect(order.images).toEqual([]);
    expect(order.image_count).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/orders/${id}/images/${image.id}`, headers: world.driver.headers })).statusCode).toBe(404);
    expect(await stored(image.storageKey)).toBe(false);
    // Like adding a photo, removing one moves the order's updated_at (list ETags, the change feed).
    const [after] = await ctx.db.select({ updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    // Once gone, it is not found.
    expect((await remove(world.driver, id, image.id)).statusCode).toBe(404);
  });

  it('refuses the driver with 409 once the weighed lines were submitted, and keeps the photo', async () => {
    const id = await orderInStatus(ctx, world, 'waiting_store');
    const [image] = await ctx.db.select().from(orderImages).where(eq(orderImages.orderId, id));
    const res = await remove(world.driver, id, image!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(`Photos of order #${String(id).padStart(8, '0')} can no longer be removed: the weighed lines were submitted`);
    expect((await api.get(world.driver, id)).json().image_count).toBe(1);
    expect(await stored(image!.storageKey)).toBe(true);
  });

  it('answers 404 to another driver, another tenant, and for a photo of another order or none', async () => {
    const { id, image } = await orderWithPhoto('arrived');
    const other = await orderWithPhoto('arrived');
    for (const outsider of [world.rivalDriver, world.farDriver, world.otherStore, world.otherVendor]) {
      expect((await remove(outsider, id, image.id)).statusCode).toBe(404);
    }
    expect((await remove(world.driver, other.id, image.id)).statusCode).toBe(404);
    expect((await remove(world.driver, id, 999_999_999)).statusCode).toBe(404);
    expect((await remove(world.driver, 999_999_999, image.id)).statusCode).toBe(404);
    expect(await stored(image.storageKey)).toBe(true);
  });

  it('answers 403 to the order\'s store and vendor', async () => {
    const { id, image } = await orderWithPhoto('arrived');
    for (const who of [world.store, world.vendor]) {
      const res = await remove(who, id, image.id);
      expect(res.statusCode).toBe(403);
    }
    expect((await api.get(world.admin, id)).json().image_count).toBe(1);
    expect(await stored(image.storageKey)).toBe(true);
  });

  it('lets an admin remove a photo until the order is completed or cancelled', async () => {
    const waiting = await orderInStatus(ctx, world, 'waiting_admin');
    const [image] = await ctx.db.select().from(orderImages).where(eq(orderImages.orderId, waiting));
    expect((await remove(world.admin, waiting, image!.id)).statusCode).toBe(204);
    expect(await stored(image!.storageKey)).toBe(false);

    const completed = await orderInStatus(ctx, world, 'completed');
    const [kept] = await ctx.db.select().from(orderImages).where(eq(orderImages.orderId, completed));
    const res = await remove(world.admin, completed, kept!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/can no longer be removed: it is Completed now$/);
  });
});
