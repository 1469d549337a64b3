import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The PDF kit of the documents the API prints (GST invoices, households' receipts): pdfkit
// with Noto Sans in two subsets, Latin and Devanagari, from the @fontsource/noto-sans npm
// package (no system fonts needed); each run of text is set in the subset that carries its
// script, so Hindi labels and Hindi names print.

const require = createRequire(import.meta.url);
const FONT_FILES = {
  latin: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  latinBold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
  deva: require.resolve('@fontsource/noto-sans/files/noto-sans-devanagari-400-normal.woff'),
  devaBold: require.resolve('@fontsource/noto-sans/files/noto-sans-devanagari-700-normal.woff'),
};

/** Code points the Devanagari subset carries: the script, Vedic extensions, ZWNJ/ZWJ and the rupee sign. */
function inDevanagariFont(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x0900 && c <= 0x097f) || (c >= 0x1cd0 && c <= 0x1cff) || (c >= 0xa8e0 && c <= 0xa8ff) || c === 0x200c || c === 0x200d || c === 0x20b9;
}

/** Splits text into runs, each printable with one font subset. */
function runs(text: string): Array<{ text: string; deva: boolean }> {
  const out: Array<{ text: string; deva: boolean }> = [];
  for (const ch of text) {
    const last = out[out.length - 1];
    // A space between Hindi words stays in the Hindi run, so shaping sees whole phrases.
    const deva = inDevanagariFont(ch) || (ch === ' ' && last !== undefined && last.deva);
    if (last && last.deva === deva) last.text += ch;
    else out.push({ text: ch, deva });
  }
  return out;
}

export type Doc = PDFKit.PDFDocument;

/** The smallest size a shrunk cell is printed at: still legible on paper. */
const MIN_FONT_SIZE = 5;

export interface WriteOptions {
  width?: number;
  align?: 'left' | 'right';
  bold?: boolean;
  size?: number;
}

/** One line of text at (x, y), in the font of each run's script; wider than `width`, it shrinks to fit. */
export function write(doc: Doc, text: string, x: number, y: number, options: WriteOptions = {}): void {
  const parts = runs(text);
  const fontOf = (deva: boolean) => (deva ? (options.bold ? 'deva-bold' : 'deva') : options.bold ? 'latin-bold' : 'latin');
  const measure = () => parts.reduce((sum, p) => sum + doc.font(fontOf(p.deva)).widthOfString(p.text), 0);
  const size = options.size ?? 9;
  doc.fontSize(size);
  let width = measure();
  if (options.width !== undefined && width > options.width) {
    // A text wider than its column (a Hindi heading, a long material name) shrinks to fit
    // instead of running into the next column.
    doc.fontSize(Math.max(MIN_FONT_SIZE, (size * options.width) / width));
    width = measure();
  }
  if (options.align === 'right' && options.width !== undefined) x = x + options.width - width;
  let cursor = x;
  for (const p of parts) {
    doc.font(fontOf(p.deva)).text(p.text, cursor, y, { lineBreak: false });
    cursor += doc.widthOfString(p.text);
  }
}

/** An A4 document with the kit's fonts, and its bytes once the caller ends it. */
export function startPdf(title: string): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: title, Producer: 'Kabadi Orders' } });
  doc.registerFont('latin', FONT_FILES.latin);
  doc.registerFont('latin-bold', FONT_FILES.latinBold);
  doc.registerFont('deva', FONT_FILES.deva);
  doc.registerFont('deva-bold', FONT_FILES.devaBold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}
