import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';

/** The theme's family for Hindi's letters: the device's Noto Sans Devanagari, else the app's copy. */
export const DEVANAGARI_FAMILY = 'Kabadi Devanagari';

// Devanagari with the signs Hindi text uses: Latin text never loads these files.
const DEVANAGARI_RANGE = 'U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+25CC, U+A830-A839, U+A8E0-A8FF';

// A device that has the font (most Android phones) uses it; others download the file.
const FACES = [
  { weight: '400', source: faceSource(['Noto Sans Devanagari', 'NotoSansDevanagari-Regular'], regular) },
  { weight: '600', source: faceSource(['Noto Sans Devanagari SemiBold', 'NotoSansDevanagari-SemiBold'], semibold) },
] as const;

function faceSource(localNames: string[], url: string): string {
  return [...localNames.map((name) => `local('${name}')`), `url(${url}) format('woff2')`].join(', ');
}

/**
 * Registers Noto Sans Devanagari (400 and 600) before the first render, for every language:
 * English pages show "हिन्दी" too. A face is downloaded only when a page shows Devanagari and
 * the device has no copy of its own. The theme names this family first: named after
 * system-ui, Chromium on Linux drew Devanagari as the system font's empty boxes.
 */
export function registerDevanagariFont(): void {
  if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  for (const { weight, source } of FACES) {
    document.fonts.add(new FontFace(DEVANAGARI_FAMILY, source, { weight, style: 'normal', display: 'swap', unicodeRange: DEVANAGARI_RANGE }));
  }
}

/** The same faces as CSS, for the prerendered /login, which shows "हिन्दी" before any script runs. */
export function devanagariFontCss(): string {
  return FACES.map(
    ({ weight, source }) =>
      `@font-face{font-family:'${DEVANAGARI_FAMILY}';src:${source};font-weight:${weight};font-style:normal;font-display:swap;unicode-range:${DEVANAGARI_RANGE}}`,
  ).join('');
}
