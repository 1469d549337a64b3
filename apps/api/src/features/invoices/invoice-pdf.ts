import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { amountInHindiWords } from '@app/shared/amount-in-hindi-words';
import { formatAmount, formatDate, formatOrderNumber, formatWeightValue } from '@app/shared/format';
import { rupeesToPaise } from '@app/shared/money';
import type { Invoice, InvoiceLanguage, InvoiceParty } from '@app/shared/schemas/money';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels';

// The invoice as a PDF (pdfkit). Noto Sans in two subsets, Latin and Devanagari, from the
// @fontsource/noto-sans npm package (no system fonts needed); each run of text is set in
// the subset that carries its script, so Hindi labels and Hindi names print.

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

type Doc = PDFKit.PDFDocument;

/** The smallest size a shrunk cell is printed at: still legible on paper. */
const MIN_FONT_SIZE = 5;

function write(doc: Doc, text: string, x: number, y: number, options: { width?: number; align?: 'left' | 'right'; bold?: boolean; size?: number } = {}): void {
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

function partyBlock(doc: Doc, l: InvoiceLabels, heading: string, p: InvoiceParty, x: number, y: number): void {
  write(doc, heading, x, y, { bold: true, size: 10 });
  write(doc, p.name, x, y + 14);
  if (p.address) write(doc, p.address.replace(/\s+/g, ' ').slice(0, 90), x, y + 27);
  write(doc, `${l.gstin}: ${p.gstin ?? l.unregistered}`, x, y + 40);
  write(doc, `${l.state}: ${p.state ?? '-'}${p.state_code ? ` (${p.state_code})` : ''}`, x, y + 53);
}

/**
 * The invoice PDF as bytes. `hindiNames` maps a line's material (its English name as
 * issued) to the material's Hindi name, printed instead in a Hindi PDF.
 * Runs in a worker thread (invoice-pdf-pool.ts): arguments and result cross by structured clone.
 */
export function renderInvoicePdf(invoice: Invoice, lang: InvoiceLanguage, hindiNames: Record<string, string> = {}): Promise<Buffer> {
  const l = INVOICE_LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: `${INVOICE_LABELS.en.title} ${invoice.number}`, Producer: 'Kabadi Orders' } });
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

  const left = 36;
  const right = 559;
  write(doc, l.title, left, 36, { bold: true, size: 16 });
  write(doc, `${l.number}: ${invoice.number}`, 330, 40, { width: right - 330, align: 'right' });
  write(doc, `${l.date}: ${formatDate(invoice.date)}`, 330, 53, { width: right - 330, align: 'right' });
  write(doc, `${l.order}: ${formatOrderNumber(invoice.order_id)}`, 330, 66, { width: right - 330, align: 'right' });

  partyBlock(doc, l, l.supplier, invoice.supplier, left, 92);
  partyBlock(doc, l, l.recipient, invoice.recipient, 300, 92);
  write(doc, `${l.placeOfSupply}: ${invoice.place_of_supply ?? '-'}`, left, 162);
  write(doc, `${l.reverseCharge}: ${invoice.reverse_charge ? l.yes : l.no}`, left, 175);

  // Columns: x and width; numbers right-aligned.
  const cols = [
    { key: 'material', x: 36, w: 92 },
    { key: 'hsn', x: 130, w: 44 },
    { key: 'weight', x: 176, w: 46 },
    { key: 'rate', x: 224, w: 44 },
    { key: 'taxable', x: 270, w: 60 },
    { key: 'gstRate', x: 332, w: 30 },
    { key: 'cgst', x: 364, w: 46 },
    { key: 'sgst', x: 412, w: 46 },
    { key: 'igst', x: 460, w: 46 },
    { key: 'total', x: 508, w: 51 },
  ] as const;
  let y = 200;
  doc.moveTo(left, y - 4).lineTo(right, y - 4).stroke();
  for (const c of cols) write(doc, l[c.key], c.x, y, { width: c.w, align: c.key === 'material' || c.key === 'hsn' ? 'left' : 'right', bold: true, size: 7.5 });
  y += 16;
  doc.moveTo(left, y - 4).lineTo(right, y - 4).stroke();
  for (const line of invoice.lines) {
    if (y > 740) {
      doc.addPage();
      y = 36;
    }
    const cells: Record<(typeof cols)[number]['key'], string> = {
      material: lang === 'hi' && Object.hasOwn(hindiNames, line.material) ? hindiNames[line.material]! : line.material,
      hsn: line.hsn_code ?? '-',
      weight: formatWeightValue(line.weight),
      rate: formatAmount(line.rate),
      taxable: formatAmount(line.taxable_value),
      gstRate: String(line.gst_rate),
      cgst: formatAmount(line.cgst),
      sgst: formatAmount(line.sgst),
      igst: formatAmount(line.igst),
      total: formatAmount(line.total),
    };
    for (const c of cols) write(doc, cells[c.key], c.x, y, { width: c.w, align: c.key === 'material' || c.key === 'hsn' ? 'left' : 'right', size: 8 });
    y += 14;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;
  const totals: Array<[string, number]> = [
    [l.taxableTotal, invoice.taxable_total],
    [l.cgst, invoice.cgst_total],
    [l.sgst, invoice.sgst_total],
    [l.igst, invoice.igst_total],
    [l.grandTotal, invoice.total],
  ];
  for (const [label, value] of totals) {
    write(doc, label, 360, y, { bold: label === l.grandTotal });
    write(doc, formatAmount(value), 460, y, { width: right - 460, align: 'right', bold: label === l.grandTotal });
    y += 14;
  }
  y += 8;
  // The JSON's `total_in_words` is Indian English (design.md section 11); a Hindi PDF says the total in Hindi.
  const inWords = lang === 'hi' ? amountInHindiWords(rupeesToPaise(invoice.total)) : invoice.total_in_words;
  write(doc, `${l.inWords}: ${inWords}`, left, y, { width: right - left });
  write(doc, l.footer, left, 790, { size: 7 });
  doc.end();
  return done;
}
