import path from 'node:path';
import type { AppConfig } from '../config/config';
import type { ImageStorage } from './image-storage';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage, parseStorageUrl } from './s3-storage';

/** STORAGE_URL's object store when set (several API machines share it), else files under DATA_DIR/images. */
export function createImageStorage(config: Pick<AppConfig, 'STORAGE_URL' | 'dataDir'>): ImageStorage {
  if (config.STORAGE_URL) return createS3Storage(parseStorageUrl(config.STORAGE_URL));
  return createLocalDiskStorage(path.join(config.dataDir, 'images'));
}
