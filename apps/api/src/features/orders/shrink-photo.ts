import sharp from 'sharp';
import { fieldError } from '../../http/http-error';
import type { ImageKind } from './image-signature';

/** The longest side of a stored photo (design.md section 23): enough to read a scale or a label. */
export const PHOTO_MAX_SIDE_PX = 1600;
/**
 * The most pixels a photo may claim before it is decoded. A 50 MP phone photo (8160x6144)
 * fits; a few kilobytes of PNG that unpack into gigabytes (a decompression bomb) do not.
 */
export const PHOTO_MAX_INPUT_PIXELS = 64_000_000;
const JPEG_QUALITY = 80;

// libvips keeps a cache of recent operations (up to 50 MB by default). Every photo is new, so
// it would only hold memory (design.md section 17: bounded memory).
sharp.cache(false);

export interface ShrunkPhoto {
  bytes: Buffer;
  kind: ImageKind;
  width: number;
  height: number;
}

/**
 * What is stored of an upload, whatever the client sent: turned upright by its EXIF
 * orientation, at most 1600 px on its longest side (never enlarged), re-encoded as JPEG
 * without any metadata (a phone's EXIF holds where the photo was taken). The original is
 * not kept anywhere. Bytes that do not decode as an image are 400 naming `file`.
 */
export async function shrinkPhoto(input: Buffer): Promise<ShrunkPhoto> {
  try {
    // `truncated`: a file cut short is refused; one a decoder merely warns about (common from
    // cheap phones and editors) is taken, as every image viewer would show it.
    const { data, info } = await sharp(input, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE_PX, height: PHOTO_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, kind: { mime: 'image/jpeg', extension: 'jpg' }, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw fieldError('file', `The photo has more than ${PHOTO_MAX_INPUT_PIXELS / 1_000_000} megapixels; send a smaller one`);
    }
    throw fieldError('file', 'The photo could not be read as an image (damaged or cut short?); send it again');
  }
}
