import type { Readable } from 'node:stream';

/**
 * Where order photos live. Keys are ours (`orders/42/<uuid>.jpg`); the bytes go to the
 * local disk or an object store (S3), behind the same few calls
 * when several API machines must share them.
 */
export interface ImageStorage {
  put(key: string, data: Buffer, mimeType: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the object; absent keys are no error. */
  delete(key: string): Promise<void>;
  /** Every stored key starting with `prefix`, in no set order; for sweeping files that no row names. */
  list(prefix: string): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  modifiedAt: Date;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, nothing a shell or a URL must escape. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?)*$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && key.length <= 300;
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
