import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@app/shared/constants';
import { ORDER_IMAGES_MAX } from '@app/shared/schemas/orders';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, JPEG_BYTES, orderInStatus, ordersApi, PNG_BYTES, type World } from './orders-test-kit';

/** A multipart/form-data body with one file field. */
function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----kabadi${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(TEST_DB_KINDS)('order photos on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let api: ReturnType<typeof ordersApi>;
  let orderId: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-images-'));

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir } });
    world = await createWorld(ctx);
    api = ordersApi(ctx);
    orderId = await orderInStatus(ctx, world, 'arrived');
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (as: TestMember, id: number, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({ method: 'POST', url: `/orders/${id}/images`, headers: { ...as.headers, ...body.headers }, payload: body.payload });
  const fetchImage = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });

  it('takes a PNG from the order\'s driver and gives it back to those who may see the order', async () => {
    const res = await upload(world.driver, orderId, multipart(PNG_BYTES, 'load.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    const { id, url } = res.json();
    expect(url).toBe(`/orders/${orderId}/images/${id}`);
    for (const who of [world.driver, world.store, world.vendor, world.admin]) {
      const got = await fetchImage(who, url);
      expect(got.statusCode).toBe(200);
      // The server keeps its own JPEG of the photo, never the upload (design.md section 23).
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    }
    const order = (await api.get(world.store, orderId)).json();
    expect(order.image_count).toBe(1);
    expect(order.images).toEqual([{ id, url, created_at: expect.any(String) }]);
    // Stored under DATA_DIR/images.
    expect(fs.readdirSync(path.join(dataDir, 'images', 'orders', String(orderId)))).toHaveLength(1);
  });

  it('judges by the bytes: a JPEG named .txt is a JPEG, a text named .png is refused', async () => {
    const jpeg = await upload(world.store, orderId, multipart(JPEG_BYTES, 'notes.txt', 'text/plain'));
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect((await fetchImage(world.admin, jpeg.json().url)).headers['content-type']).toBe('image/jpeg');

    const fake = await upload(world.store, orderId, multipart(Buffer.from('just some text, honestly'), 'photo.png', 'image/png'));
    expect(fake.statusCode).toBe(400);
    expect(Object.keys(fake.json().errors)).toEqual(['file']);
  });

  it('refuses more than 10 MB with 413', async () => {
    // A JPEG decoder ignores what follows the image's end, so padding keeps the file a photo.
    const big = Buffer.concat([JPEG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES + 1 - JPEG_BYTES.length)]);
    const res = await upload(world.admin, orderId, multipart(big, 'big.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toMatch(/10 MB/);
    const exact = Buffer.concat([JPEG_BYTES, Buffer.alloc(IMAGE_MAX_BYTES - JPEG_BYTES.length)]);
    expect((await upload(world.admin, orderId, multipart(exact, 'exact.jpg', 'image/jpeg'))).statusCode).toBe(201);
  });

  it('refuses an upload without a file, or not as multipart', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: `/orders/${orderId}/images`, headers: world.admin.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toHaveProperty('file');
  });

  it('answers 404 to other tenants, for upload and download, and 403 to one who only sees the order', async () => {
    const { url } = (await upload(world.driver, orderId, multipart(PNG_BYTES, 'a.png', 'image/png'))).json();
    for (const outsider of [world.otherStore, world.otherVendor, world.farDriver, world.rivalDriver]) {
      expect((await upload(outsider, orderId, multipart(PNG_BYTES, 'a.png', 'image/png'))).statusCode).toBe(404);
      expect((await fetchImage(outsider, url)).statusCode).toBe(404);
    }
    // The vendor sees the order but does not photograph loads.
    expect((await upload(world.vendor, orderId, multipart(PNG_BYTES, 'a.png', 'image/png'))).statusCode).toBe(403);
    // An image id of another order is not found through this one.
    const other = await orderInStatus(ctx, world, 'pending');
    expect((await fetchImage(world.admin, url.replace(`/orders/${orderId}/`, `/orders/${other}/`))).statusCode).toBe(404);
    expect((await fetchImage(world.admin, `/orders/${orderId}/images/999999`)).statusCode).toBe(404);
  });

  it('stores exactly 20 photos when 50 uploads race for one order, and leaves no file behind the refused', async () => {
    const raced = await orderInStatus(ctx, world, 'arrived');
    const results = await Promise.all(Array.from({ length: 50 }, () => upload(world.driver, raced, multipart(PNG_BYTES, 'r.png', 'image/png'))));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ORDER_IMAGES_MAX);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect((await api.get(world.driver, raced)).json().image_count).toBe(ORDER_IMAGES_MAX);
    expect(fs.readdirSync(path.join(dataDir, 'images', 'orders', String(raced)))).toHaveLength(ORDER_IMAGES_MAX);
  });

  it('refuses a driver\'s photo once the pickup is cancelled or completed, and keeps no file of it', async () => {
    for (const status of ['cancelled', 'completed'] as const) {
      const closed = await orderInStatus(ctx, world, status);
      const before = (await api.get(world.admin, closed)).json().image_count as number;
      const files = () => (fs.existsSync(path.join(dataDir, 'images', 'orders', String(closed))) ? fs.readdirSync(path.join(dataDir, 'images', 'orders', String(closed))).length : 0);
      const filesBefore = files();
      const res = await upload(world.driver, closed, multipart(PNG_BYTES, 'late.png', 'image/png'));
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/can no longer be added/);
      expect((await api.get(world.admin, closed)).json().image_count).toBe(before);
      expect(files()).toBe(filesBefore);
    }
  });

  it('moves the list ETag when a photo is added', async () => {
    const first = await api.list(world.store, `?search=${orderId}`);
    await upload(world.store, orderId, multipart(PNG_BYTES, 'b.png', 'image/png'));
    const again = await api.list(world.store, `?search=${orderId}`, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(200);
  });
});
