import { describe, expect, it } from 'vitest';
import { NotAnImageError, SHRINK_DEFAULTS, fitWithin, isSmallEnough, shrinkImage } from './shrink-image';

// The pixel work needs a real browser (e2e/shrink-image.spec.ts); here, the arithmetic.
describe('fitWithin', () => {
  it('scales the longest side down to maxSide, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(5000, 5000, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(4000, 2251, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it('never upscales', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it('keeps at least one pixel on the short side of a very long image', () => {
    expect(fitWithin(100_000, 10, 1600)).toEqual({ width: 1600, height: 1 });
    expect(fitWithin(1, 100_000, 1600)).toEqual({ width: 1, height: 1600 });
  });

  it('refuses sizes that are no image', () => {
    expect(() => fitWithin(0, 10, 1600)).toThrow(RangeError);
    expect(() => fitWithin(Number.NaN, 10, 1600)).toThrow(RangeError);
    expect(() => fitWithin(10, 10, 0)).toThrow(RangeError);
  });
});

describe('isSmallEnough', () => {
  const small = { width: 1200, height: 900 };
  it('leaves alone a JPEG or WebP within maxSide and 500 KB', () => {
    expect(isSmallEnough(small, 400_000, 'image/jpeg', 1600)).toBe(true);
    expect(isSmallEnough(small, 500 * 1024, 'image/webp', 1600)).toBe(true);
  });
  it('works on anything larger in pixels or bytes, or of another type', () => {
    expect(isSmallEnough({ width: 1601, height: 900 }, 400_000, 'image/jpeg', 1600)).toBe(false);
    expect(isSmallEnough(small, 500 * 1024 + 1, 'image/jpeg', 1600)).toBe(false);
    expect(isSmallEnough(small, 100_000, 'image/png', 1600)).toBe(false);
    expect(isSmallEnough(small, 100_000, '', 1600)).toBe(false);
  });
});

describe('shrinkImage', () => {
  it('has the defaults of design.md section 15', () => {
    expect(SHRINK_DEFAULTS).toEqual({ maxSide: 1600, quality: 0.7, type: 'image/jpeg' });
  });

  it('says NotAnImageError for an empty file, before decoding anything', async () => {
    const error = await shrinkImage(new Blob([])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAnImageError);
    expect((error as Error).name).toBe('NotAnImageError');
  });
});
