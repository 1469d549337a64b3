import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../storage/local-disk-storage';
import { holdPhotos } from './photo-hold';

async function read(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe('photos held for a backup (local disk)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-hold-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps a photo removed after the snapshot, reports one already gone, and leaves nothing behind', async () => {
    const storage = createLocalDiskStorage(path.join(dataDir, 'images'));
    await storage.put('orders/1/a.png', Buffer.from('photo a'), 'image/png');
    const held = await holdPhotos({ dataDir, STORAGE_URL: undefined }, ['orders/1/a.png', 'orders/1/gone.png']);
    // The driver removes the photo while the archive is being written.
    await storage.delete('orders/1/a.png');

    const photo = await held.open('orders/1/a.png');
    expect(photo?.size).toBe(7);
    expect(await read(photo!.stream)).toBe('photo a');
    expect(await held.open('orders/1/gone.png')).toBeNull();
    await held.release();
    expect(fs.readdirSync(path.join(dataDir, 'images')).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('clears the links of a backup that died half-way', async () => {
    const abandoned = path.join(dataDir, 'images', '.backup-999999999-dead');
    fs.mkdirSync(abandoned, { recursive: true });
    const held = await holdPhotos({ dataDir, STORAGE_URL: undefined }, []);
    expect(fs.existsSync(abandoned)).toBe(false);
    await held.release();
  });
});
