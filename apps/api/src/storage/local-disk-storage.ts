import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertStorageKey, isStorageKey, type ImageStorage, type StoredObject } from './image-storage';

/** Images as files under `root` (DATA_DIR/images), one file per key. */
export function createLocalDiskStorage(root: string): ImageStorage {
  const base = path.resolve(root);
  const fileOf = (key: string): string => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    // The key pattern already forbids `..`; this is the belt to those braces.
    if (!file.startsWith(base + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };

  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a photo, even if the process dies mid-write.
      const temp = `${file}.${randomUUID()}.tmp`;
      await fs.promises.writeFile(temp, data);
      await fs.promises.rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      // Opened here, not by the stream when it is first read: a photo removed in between (or
      // its folder, at a test's end) would otherwise fail later, as an error nobody awaits.
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // The stream closes the file when it ends or is destroyed.
        return { stream: handle.createReadStream(), size: stat.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async *list(prefix) {
      // Walk only the deepest folder the prefix names; backup staging folders (`.backup-*`) sit beside `orders/`.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      if (folder) assertStorageKey(folder.slice(0, -1));
      yield* walk(base, folder, prefix);
    },
  };
}

async function* walk(base: string, folder: string, prefix: string): AsyncGenerator<StoredObject> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(base, folder), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const key = folder + entry.name;
    if (entry.isDirectory()) {
      if (isStorageKey(key) && (key + '/').startsWith(prefix.slice(0, key.length + 1))) yield* walk(base, `${key}/`, prefix);
    } else if (entry.isFile() && key.startsWith(prefix) && isStorageKey(key)) {
      // A name no key can have (a `.tmp` of an interrupted put) is not ours to list: delete() would refuse it.
      const stat = await fs.promises.stat(path.join(base, key)).catch(() => null);
      if (stat) yield { key, modifiedAt: stat.mtime };
    }
  }
}
