import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type * as ShrinkImage from '../apps/web/src/lib/shrink-image';
import { BESIDE_OTHERS, expect, test } from './support';

// apps/web/src/lib/shrink-image.ts in a real browser (happy-dom has no canvas): decoding,
// EXIF orientation, scaling and encoding. The app exposes nothing for this, so the module's
// own source is compiled here and put into an app page (bypassing its CSP, which allows no
// inline script); the page is only a place with the app's origin to run it in.

const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/lib/shrink-image.ts');
const compiled = ts.transpileModule(fs.readFileSync(source, 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
}).outputText;
const script = `window.__shrinkImage = (() => { const exports = {}; ${compiled}\n; return exports; })();`;

declare global {
  interface Window {
    __shrinkImage: typeof ShrinkImage;
  }
}

test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await page.addScriptTag({ content: script });
});

test('a 12-megapixel JPEG leaves as a 1600 px JPEG under 600 KB', BESIDE_OTHERS, async ({ page }) => {
  const result = await page.evaluate(async () => {
    const { shrinkImage, readImageSize } = window.__shrinkImage;
    // Something like a photo: shapes, gradients and grain, so it does not compress to nothing.
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    let seed = 17;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const sky = context.createLinearGradient(0, 0, 0, 3000);
    sky.addColorStop(0, '#8ab4e8');
    sky.addColorStop(1, '#5b4a32');
    context.fillStyle = sky;
    context.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 3000; i += 1) {
      context.fillStyle = `hsl(${Math.floor(random() * 360)} ${30 + Math.floor(random() * 50)}% ${20 + Math.floor(random() * 60)}%)`;
      context.beginPath();
      context.arc(random() * 4000, random() * 3000, 4 + random() * 120, 0, Math.PI * 2);
      context.fill();
    }
    const grain = context.getImageData(0, 0, 4000, 3000);
    for (let i = 0; i < grain.data.length; i += 4) {
      const noise = (random() - 0.5) * 24;
      grain.data[i] = grain.data[i]! + noise;
      grain.data[i + 1] = grain.data[i + 1]! + noise;
      grain.data[i + 2] = grain.data[i + 2]! + noise;
    }
    context.putImageData(grain, 0, 0);
    const input = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.95));
    const output = await shrinkImage(input);
    return { inputBytes: input.size, outputBytes: output.size, type: output.type, size: await readImageSize(output) };
  });
  expect(result.inputBytes).toBeGreaterThan(1024 * 1024);
  expect(result.type).toBe('image/jpeg');
  expect(result.size).toEqual({ width: 1600, height: 1200 });
  expect(result.outputBytes).toBeLessThan(600 * 1024);
});

test('a small PNG is re-encoded as JPEG at its own size; a small JPEG is sent as it is; WebP on request', BESIDE_OTHERS, async ({ page }) => {
  const result = await page.evaluate(async () => {
    const { shrinkImage, readImageSize } = window.__shrinkImage;
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2e7d32';
    context.fillRect(0, 0, 800, 600);
    context.fillStyle = '#fbc02d';
    context.fillRect(100, 100, 300, 200);
    const encode = (type: string) => new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), type, 0.8));
    const png = await encode('image/png');
    const fromPng = await shrinkImage(png);
    const jpeg = await encode('image/jpeg');
    const webp = await shrinkImage(png, { type: 'image/webp', maxSide: 400 });
    return {
      png: { type: fromPng.type, size: await readImageSize(fromPng) },
      jpegUnchanged: (await shrinkImage(jpeg)) === jpeg,
      webp: { type: webp.type, size: await readImageSize(webp) },
    };
  });
  expect(result.png).toEqual({ type: 'image/jpeg', size: { width: 800, height: 600 } });
  expect(result.jpegUnchanged).toBe(true);
  expect(result.webp).toEqual({ type: 'image/webp', size: { width: 400, height: 300 } });
});

test('a phone photo taken sideways (EXIF orientation 6) comes out upright', BESIDE_OTHERS, async ({ page }) => {
  const result = await page.evaluate(async () => {
    const { shrinkImage, readImageSize } = window.__shrinkImage;
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    canvas.getContext('2d')!.fillRect(0, 0, 400, 300);
    const jpeg = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.9));
    const plain = new Uint8Array(await jpeg.arrayBuffer());
    // APP1 "Exif": a big-endian TIFF header and one IFD entry, Orientation (0x0112) = 6 (rotate 90° clockwise).
    const exif = [0xff, 0xe1, 0x00, 0x22, ...'Exif'.split('').map((c) => c.charCodeAt(0)), 0, 0, 0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
    const rotated = new Blob([plain.slice(0, 2), new Uint8Array(exif), plain.slice(2)], { type: 'image/jpeg' });
    const output = await shrinkImage(rotated, { maxSide: 200 });
    return { input: await readImageSize(rotated), output: await readImageSize(output) };
  });
  expect(result.input).toEqual({ width: 300, height: 400 });
  expect(result.output).toEqual({ width: 150, height: 200 });
});

test('a file that is not a photo is refused with NotAnImageError', BESIDE_OTHERS, async ({ page }) => {
  const result = await page.evaluate(async () => {
    const { shrinkImage, NotAnImageError } = window.__shrinkImage;
    const text = new Blob(['These are the weights: 12 kg copper'], { type: 'text/plain' });
    const fake = new Blob(['not really a JPEG'], { type: 'image/jpeg' });
    const errors = await Promise.all([text, fake].map((file) => shrinkImage(file).then(() => null, (error: unknown) => error)));
    return errors.map((error) => ({ typed: error instanceof NotAnImageError, name: (error as Error | null)?.name }));
  });
  expect(result).toEqual([
    { typed: true, name: 'NotAnImageError' },
    { typed: true, name: 'NotAnImageError' },
  ]);
});
