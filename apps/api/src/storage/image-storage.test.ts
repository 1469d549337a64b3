import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStorage } from './image-storage';
import { createImageStorage } from './create-image-storage';
import { parseStorageUrl } from './s3-storage';
import { startTestS3, type TestS3 } from './s3-test-server';

// The same contract for every store (design.md section 14): files under DATA_DIR, and S3
// (a local S3 protocol server the test starts).
describe.each(['local disk', 'S3'] as const)('the %s image storage', (kind) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-storage-'));
  let s3: TestS3 | null = null;
  let storage: ImageStorage;
  beforeAll(async () => {
    if (kind === 'S3') s3 = await startTestS3();
    storage = createImageStorage({ dataDir: root, STORAGE_URL: s3?.storageUrl });
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives back what it was given, with its size', async () => {
    await storage.put('orders/1/abc.png', Buffer.from('hello'), 'image/png');
    const found = await storage.get('orders/1/abc.png');
    expect(found?.size).toBe(5);
    expect(await text(found!.stream)).toBe('hello');
    if (kind === 'local disk') expect(fs.readdirSync(path.join(root, 'images/orders/1'))).toEqual(['abc.png']);
  });

  it.skipIf(kind !== 'local disk')('reads a photo whole that is removed once found (the file is open already)', async () => {
    await storage.put('orders/3/gone.jpg', Buffer.from('still here'), 'image/jpeg');
    const found = await storage.get('orders/3/gone.jpg');
    await storage.delete('orders/3/gone.jpg');
    fs.rmSync(path.join(root, 'images/orders/3'), { recursive: true, force: true });
    expect(await text(found!.stream)).toBe('still here');
    expect(await storage.get('orders/3/gone.jpg')).toBeNull();
  });

  it('answers null for a key it does not hold, and deletes quietly', async () => {
    expect(await storage.get('orders/1/none.png')).toBeNull();
    await storage.delete('orders/1/abc.png');
    await storage.delete('orders/1/abc.png');
    expect(await storage.get('orders/1/abc.png')).toBeNull();
  });

  it('is shared: a second instance on the same store reads what the first wrote', async () => {
    const other = createImageStorage({ dataDir: root, STORAGE_URL: s3?.storageUrl });
    await storage.put('orders/2/shared.jpg', Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    const found = await other.get('orders/2/shared.jpg');
    expect(found?.size).toBe(3);
    expect((await found!.stream.toArray()).map((b: Buffer) => [...b]).flat()).toEqual([0xff, 0xd8, 0xff]);
  });

  it('lists the keys under a prefix with their time, and nothing else', async () => {
    const before = Date.now() - 5_000;
    await storage.put('orders/7/a.png', Buffer.from('a'), 'image/png');
    await storage.put('orders/71/b.png', Buffer.from('b'), 'image/png');
    await storage.put('other/c.png', Buffer.from('c'), 'image/png');
    // An interrupted put's temp file on disk is no key.
    if (kind === 'local disk') fs.writeFileSync(path.join(root, 'images/orders/7/a.png.1234.tmp'), 'x');
    const listed = async (prefix: string) => {
      const out: string[] = [];
      for await (const o of storage.list(prefix)) {
        expect(o.modifiedAt.getTime()).toBeGreaterThan(before);
        out.push(o.key);
      }
      return out.sort();
    };
    expect(await listed('orders/7/')).toEqual(['orders/7/a.png']);
    expect(await listed('orders/7')).toEqual(['orders/7/a.png', 'orders/71/b.png']);
    expect(await listed('orders/')).toEqual(expect.arrayContaining(['orders/7/a.png', 'orders/71/b.png']));
    expect(await listed('orders/')).not.toContain('other/c.png');
    expect(await listed('nothing/')).toEqual([]);
  });

  it.each(['../etc/passwd', '/etc/passwd', 'orders/../../x', 'orders//x', 'a b', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/storage key/);
    await expect(storage.get(key)).rejects.toThrow(/storage key/);
  });
});

describe('STORAGE_URL', () => {
  it('reads bucket, endpoint, region and path style', () => {
    expect(parseStorageUrl('s3://photos?endpoint=http%3A%2F%2Fminio%3A9000&region=ap-south-1&force_path_style=true')).toEqual({
      bucket: 'photos',
      endpoint: 'http://minio:9000',
      region: 'ap-south-1',
      forcePathStyle: true,
      prefix: '',
    });
    expect(parseStorageUrl('s3://photos?region=ap-south-1&endpoint=https://s3.ap-south-1.amazonaws.com')).toMatchObject({ forcePathStyle: false, endpoint: 'https://s3.ap-south-1.amazonaws.com' });
  });

  it.each(['s3://photos?color=red', 's3://photos?endpoint=ftp://x', 's3://photos?force_path_style=yes'])('refuses %s', (url) => {
    expect(() => parseStorageUrl(url)).toThrow(/STORAGE_URL/);
  });
});
