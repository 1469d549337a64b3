import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage';

describe('the local disk image storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-storage-'));
  const storage = createLocalDiskStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives back what it was given, with its size', async () => {
    await storage.put('orders/1/abc.png', Buffer.from('hello'), 'image/png');
    const found = await storage.get('orders/1/abc.png');
    expect(found?.size).toBe(5);
    expect(await text(found!.stream)).toBe('hello');
    expect(fs.readdirSync(path.join(root, 'orders/1'))).toEqual(['abc.png']);
  });

  it('answers null for a key it does not hold, and deletes quietly', async () => {
    expect(await storage.get('orders/1/none.png')).toBeNull();
    await storage.delete('orders/1/abc.png');
    await storage.delete('orders/1/abc.png');
    expect(await storage.get('orders/1/abc.png')).toBeNull();
  });

  it.each(['../etc/passwd', '/etc/passwd', 'orders/../../x', 'orders//x', 'a b', ''])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(/storage key/);
    await expect(storage.get(key)).rejects.toThrow(/storage key/);
  });
});
