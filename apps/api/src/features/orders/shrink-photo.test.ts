import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, multipartFile, orderInStatus, PNG_BYTES, type World } from './orders-test-kit';
import { PHOTO_MAX_INPUT_PIXELS, PHOTO_MAX_SIDE_PX } from './shrink-photo';

/** A noisy photo as a phone takes it: landscape pixels, EXIF saying "turn it upright" and where it was taken. */
async function phonePhoto(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 97) noise[i] = (i * 31) & 0xff;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Field 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 12/1 0/1' } })
    .keepExif()
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The 1x1 PNG with its header claiming other dimensions (and its checksum fixed), as a decompression bomb does. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_BYTES);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(TEST_DB_KINDS)('photos shrunk by the server on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let orderId: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-shrink-'));
  const storedFiles = () => {
    const dir = path.join(dataDir, 'images', 'orders', String(orderId));
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [];
  };

  beforeAll(async () => {
    ctx = await createTestApp(kind, { config: { DATA_DIR: dataDir } });
    world = await createWorld(ctx);
    orderId = await orderInStatus(ctx, world, 'arrived');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') => {
    const body = multipartFile(bytes, name, type);
    return ctx.app.inject({ method: 'POST', url: `/orders/${orderId}/images`, headers: { ...world.driver.headers, ...body.headers }, payload: body.payload });
  };

  it('stores a 4000x3000 phone photo upright, at most 1600 px, without its EXIF, and nothing of the original', async () => {
    const original = await phonePhoto(4000, 3000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const before = storedFiles().length;

    const res = await upload(original);
    expect(res.statusCode, res.body).toBe(201);

    const files = storedFiles();
    expect(files).toHaveLength(before + 1);
    const stored = fs.readFileSync(files.find((f) => f.endsWith('.jpg'))!);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    // EXIF orientation 6 means "turn a quarter": the stored photo is portrait, 1200x1600.
    expect(Math.max(meta.width, meta.height)).toBe(PHOTO_MAX_SIDE_PX);
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(stored.length).toBeLessThan(original.length);

    // What the API serves is that file.
    const served = await ctx.app.inject({ method: 'GET', url: res.json().url, headers: world.admin.headers });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('never enlarges a small photo', async () => {
    const res = await upload(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8' } }).png().toBuffer(), 'small.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const served = await ctx.app.inject({ method: 'GET', url: res.json().url, headers: world.admin.headers });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 480]);
  });

  it('refuses a file that only starts like a photo, and a decompression bomb, with 400 naming file and no file kept', async () => {
    const before = storedFiles().length;
    const cutShort = (await phonePhoto(400, 300)).subarray(0, 600);
    const bomb = pngClaiming(20_000, 20_000);
    expect(20_000 * 20_000).toBeGreaterThan(PHOTO_MAX_INPUT_PIXELS);
    for (const [bytes, why] of [[cutShort, /could not be read/], [bomb, /megapixels/]] as const) {
      const res = await upload(bytes, 'x.png', 'image/png');
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['file']);
      expect(res.json().detail).toMatch(why);
    }
    expect(storedFiles()).toHaveLength(before);
  });
});
