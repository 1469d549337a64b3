// Photos are shrunk on the phone before they are uploaded (design.md section 15): at most
// 1600 px on the longest side, JPEG or WebP at about 0.7, so a 12-megapixel camera photo
// travels as a few hundred KB. The browser decodes (respecting the EXIF orientation),
// scales and encodes; nothing here depends on the rest of the app.

export type ShrinkImageType = 'image/jpeg' | 'image/webp';

export interface ShrinkImageOptions {
  /** The longest side of the result, in pixels (never upscaled). Default 1600. */
  maxSide?: number;
  /** Encoder quality, 0 to 1. Default 0.7. */
  quality?: number;
  /** What to encode to. Default 'image/jpeg'; a browser that cannot write WebP gets JPEG. */
  type?: ShrinkImageType;
}

export const SHRINK_DEFAULTS = { maxSide: 1600, quality: 0.7, type: 'image/jpeg' } as const satisfies Required<ShrinkImageOptions>;

/** A file at most this large (and within maxSide, and JPEG or WebP) is sent as it is. */
export const SMALL_ENOUGH_BYTES = 500 * 1024;

const ENCODED_TYPES: readonly string[] = ['image/jpeg', 'image/webp'];

/** The file could not be decoded as an image: the caller says "This file is not a photo (JPEG, PNG or WebP)". */
export class NotAnImageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The file is not an image the browser can read', options);
    this.name = 'NotAnImageError';
  }
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The size of an image scaled so its longest side is at most `maxSide`, keeping the aspect
 * ratio (rounded, at least 1 px a side). An image already within it keeps its size.
 */
export function fitWithin(width: number, height: number, maxSide: number): ImageSize {
  if (!(width > 0) || !(height > 0)) throw new RangeError(`Not an image size: ${width} x ${height}`);
  if (!(maxSide >= 1)) throw new RangeError(`maxSide must be at least 1, not ${maxSide}`);
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: width >= height ? maxSide : Math.max(1, Math.round(width * scale)),
    height: height >= width ? maxSide : Math.max(1, Math.round(height * scale)),
  };
}

/** True when a file needs no work: within maxSide, at most SMALL_ENOUGH_BYTES, already JPEG or WebP. */
export function isSmallEnough(size: ImageSize, bytes: number, type: string, maxSide: number): boolean {
  return Math.max(size.width, size.height) <= maxSide && bytes <= SMALL_ENOUGH_BYTES && ENCODED_TYPES.includes(type.toLowerCase());
}

async function decode(file: Blob): Promise<ImageBitmap> {
  if (file.size === 0) throw new NotAnImageError();
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new NotAnImageError({ cause: error });
  }
}

/** The width and height an image shows with (its EXIF orientation applied); NotAnImageError when it is none. */
export async function readImageSize(blob: Blob): Promise<ImageSize> {
  const bitmap = await decode(blob);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Context2D, bitmap: ImageBitmap, size: ImageSize, type: ShrinkImageType) {
  // JPEG has no transparency: a transparent PNG would turn black without a background.
  if (type === 'image/jpeg') {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
}

/** Draws the bitmap at `size` and hands back an encoder for it (OffscreenCanvas where there is one). */
function render(bitmap: ImageBitmap, size: ImageSize, type: ShrinkImageType): (type: ShrinkImageType, quality: number) => Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (context) {
      draw(context, bitmap, size, type);
      return (as, quality) => canvas.convertToBlob({ type: as, quality });
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images (no 2D canvas)');
  draw(context, bitmap, size, type);
  return (as, quality) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image'))), as, quality),
    );
}

/**
 * A photo made ready for upload: scaled so its longest side is at most `maxSide` (never
 * upscaled), in the EXIF orientation it shows with, encoded as JPEG (or WebP) at `quality`.
 * A file that is already small enough (within maxSide, at most 500 KB, JPEG or WebP) comes
 * back unchanged. Throws NotAnImageError when the file is not an image the browser can decode.
 */
export async function shrinkImage(file: Blob, options: ShrinkImageOptions = {}): Promise<Blob> {
  const maxSide = options.maxSide ?? SHRINK_DEFAULTS.maxSide;
  const quality = options.quality ?? SHRINK_DEFAULTS.quality;
  const type = options.type ?? SHRINK_DEFAULTS.type;
  const bitmap = await decode(file);
  try {
    const original = { width: bitmap.width, height: bitmap.height };
    if (isSmallEnough(original, file.size, file.type, maxSide)) return file;
    const size = fitWithin(original.width, original.height, maxSide);
    const encode = render(bitmap, size, type);
    let out = await encode(type, quality);
    // A browser that cannot write WebP hands back PNG: JPEG instead (drawn on white only for JPEG, so redraw).
    if (out.type !== type && type === 'image/webp') out = await render(bitmap, size, 'image/jpeg')('image/jpeg', quality);
    // Re-encoding a file that was already JPEG or WebP at this size must not make it bigger.
    const sameSize = size.width === original.width && size.height === original.height;
    if (sameSize && ENCODED_TYPES.includes(file.type.toLowerCase()) && out.size >= file.size) return file;
    return out;
  } finally {
    bitmap.close();
  }
}
