// The photos a snapshot's rows name, kept as they were at the snapshot while the archive
// is written: a photo removed meanwhile must still reach the backup whose rows name it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { AppConfig } from '../config/config';
import { createImageStorage } from '../storage/create-image-storage';
import { assertStorageKey } from '../storage/image-storage';

export interface HeldPhotos {
  /** The photo's bytes, or null when storage no longer had it. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  release(): Promise<void>;
}

export type PhotoConfig = Pick<AppConfig, 'STORAGE_URL' | 'dataDir'>;

/** Local photos live in DATA_DIR/images (storage/create-image-storage.ts). */
export const localPhotoRoot = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'images');

// Staging folders start with a dot: no storage key can (storage/image-storage.ts), so they never meet a photo.
const STAGING_PREFIX = '.backup-';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A backup killed half-way leaves its folder of links; the next one clears it. */
async function removeAbandonedStaging(root: string): Promise<void> {
  const names = await fs.promises.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(name.slice(STAGING_PREFIX.length).split('-')[0]);
    if (name.startsWith(STAGING_PREFIX) && Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    }
  }
}

/**
 * Local disk: a hard link per photo, made while the snapshot is held (milliseconds even for
 * thousands), in a folder inside DATA_DIR/images so it is always the same file system.
 * Photos are written once (write, then rename) and never changed, so a link keeps the
 * snapshot's bytes even if the photo is removed before the archive reaches it.
 */
async function holdLocalPhotos(root: string, keys: readonly string[]): Promise<HeldPhotos> {
  await removeAbandonedStaging(root);
  if (keys.length === 0) return { open: async () => null, release: async () => {} };
  const staging = path.join(root, `${STAGING_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  await fs.promises.mkdir(root, { recursive: true });
  await fs.promises.mkdir(staging, { mode: 0o700 });
  const held = new Set<string>();
  try {
    for (const key of keys) {
      assertStorageKey(key);
      const target = path.join(staging, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.link(path.join(root, key), target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        // A file system without hard links: a copy, slower but as exact.
        if (code === 'EPERM' || code === 'EXDEV' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') await fs.promises.copyFile(path.join(root, key), target);
        else throw error;
      }
      held.add(key);
    }
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw error;
  }
  return {
    async open(key) {
      if (!held.has(key)) return null;
      const file = path.join(staging, key);
      const { size } = await fs.promises.stat(file);
      return { size, stream: fs.createReadStream(file) };
    },
    release: () => fs.promises.rm(staging, { recursive: true, force: true }),
  };
}

/**
 * Object storage: read at archive time. Photos are never rewritten, so what is read is what
 * the snapshot named; one removed in between (only possible before the weighed lines go
 * out) is reported as missing.
 */
function holdS3Photos(config: PhotoConfig): HeldPhotos {
  const storage = createImageStorage(config);
  return {
    open: (key) => storage.get(key),
    release: async () => {},
  };
}

export async function holdPhotos(config: PhotoConfig, keys: readonly string[]): Promise<HeldPhotos> {
  return config.STORAGE_URL ? holdS3Photos(config) : holdLocalPhotos(localPhotoRoot(config), keys);
}
