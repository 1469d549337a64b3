import { describe, expect, it } from 'vitest';
import { detectImageKind } from './image-signature';
import { PNG_BYTES } from './orders-test-kit';

describe('detectImageKind', () => {
  it.each([
    ['a PNG', PNG_BYTES, 'image/png'],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'image/jpeg'],
    ['a WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]), 'image/webp'],
  ])('knows %s by its bytes', (_name, bytes, mime) => {
    expect(detectImageKind(bytes)?.mime).toBe(mime);
  });

  it.each([
    ['text', Buffer.from('hello, this is not a photo')],
    ['a GIF', Buffer.from('GIF89a')],
    ['a RIFF that is not WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')])],
    ['nothing', Buffer.alloc(0)],
    ['half a PNG signature', PNG_BYTES.subarray(0, 4)],
  ])('refuses %s', (_name, bytes) => {
    expect(detectImageKind(bytes)).toBeNull();
  });
});
