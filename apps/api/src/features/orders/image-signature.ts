import type { IMAGE_MIME_TYPES } from '@app/shared/constants';

export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];
export interface ImageKind {
  mime: ImageMime;
  extension: 'jpg' | 'png' | 'webp';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What the bytes are, by their magic numbers; never by the file's name or the mime type
 * the client claims, both of which anyone can set. Null for anything but JPEG, PNG, WebP.
 */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, PNG)) return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', extension: 'webp' };
  return null;
}
