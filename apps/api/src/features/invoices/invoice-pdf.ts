import { amountInHindiWords } from '@app/shared/amount-in-hindi-words';
import { formatAmount, formatDate, formatOrderNumber, formatWeightValue } from '@app/shared/format';
import { rupeesToPaise } from '@app/shared/money';
import type { Invoice, InvoiceLanguage, InvoiceParty } from '@app/shared/schemas/money';
import { startPdf, write, type Doc } from '../../pdf/pdf-kit';
import { INVOICE_LABELS, type InvoiceLabels } from './invoice-labels';

// The invoice as a PDF, with the PDF kit (pdf/pdf-kit.ts: Latin and Devanagari fonts).

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
  const { doc, done } = startPdf(`${INVOICE_LABELS.en.title} ${invoice.number}`);

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
