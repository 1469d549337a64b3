import type { Readable } from 'node:stream';

/**
 * Where order photos live. Keys are ours (`orders/42/<uuid>.jpg`); the bytes go to the
 * local disk today, and an object store (S3, GCS) can implement the same three calls
 * when several API machines must share them.
 */
export interface ImageStorage {
  put(key: string, data: Buffer, mimeType: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the object; absent keys are no error. */
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, nothing a shell or a URL must escape. */
const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)?)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 300) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}
