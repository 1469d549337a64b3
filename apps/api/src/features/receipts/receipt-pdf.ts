import { amountInHindiWords } from '@app/shared/amount-in-hindi-words';
import { amountInWords } from '@app/shared/amount-in-words';
import type { Language } from '@app/shared/constants';
import { formatAmount, formatDate, formatPhone, formatWeightValue } from '@app/shared/format';
import { istDay } from '@app/shared/india-time';
import { materialName } from '@app/shared/material-name';
import { rupeesToPaise } from '@app/shared/money';
import type { Receipt } from '@app/shared/schemas/households';
import { startPdf, write } from '../../pdf/pdf-kit';
import { RECEIPT_LABELS } from './receipt-labels';

/** An address in at most two lines that fit a party's column, broken between words. */
export function addressLines(address: string, perLine = 52): string[] {
  const words = address.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= perLine) lines[lines.length - 1] = `${last} ${word}`;
    else if (lines.length < 2) lines.push(word.slice(0, perLine));
    else break;
  }
  return lines;
}

/**
 * A household's receipt as PDF bytes (design.md section 21), with the PDF kit's Latin and
 * Devanagari fonts: labels in the language asked, materials by their Hindi names in Hindi.
 * Runs in a PDF worker thread (receipt-pdf-pool.ts): arguments and result cross by structured clone.
 */
export function renderReceiptPdf(receipt: Receipt, lang: Language): Promise<Buffer> {
  const l = RECEIPT_LABELS[lang];
  const { doc, done } = startPdf(`${RECEIPT_LABELS.en.title} ${receipt.number}`);
  const left = 36;
  const right = 559;

  write(doc, l.title, left, 36, { bold: true, size: 16 });
  write(doc, `${l.number}: ${receipt.number}`, 300, 40, { width: right - 300, align: 'right' });
  write(doc, `${l.date}: ${formatDate(istDay(new Date(receipt.issued_at)))}`, 300, 53, { width: right - 300, align: 'right' });
  write(doc, `${l.order}: ${receipt.display_number}`, 300, 66, { width: right - 300, align: 'right' });

  // Who sold (the household) on the left, who bought (the company) on the right: each a
  // heading, then its lines (an address over two lines at most).
  const half = 250;
  const party = (x: number, heading: string, rows: Array<string | null | undefined>) => {
    write(doc, heading, x, 92, { bold: true, size: 10 });
    rows.filter((row): row is string => Boolean(row)).forEach((row, i) => write(doc, row, x, 106 + 13 * i, { width: half }));
  };
  const phoneRow = (phone: string | null) => phone && `${l.phone}: ${formatPhone(phone)}`;
  const { household, company } = receipt;
  party(left, l.household, [household.name, ...addressLines(household.address), phoneRow(household.phone)]);
  if (company) party(right - half, l.company, [company.name, ...addressLines(company.address ?? ''), phoneRow(company.phone), company.gstin && `${l.gstin}: ${company.gstin}`]);

  const cols = [
    { key: 'material', x: 36, w: 220 },
    { key: 'weight', x: 260, w: 90 },
    { key: 'rate', x: 354, w: 90 },
    { key: 'amount', x: 448, w: 111 },
  ] as const;
  let y = 180;
  doc.moveTo(left, y - 4).lineTo(right, y - 4).stroke();
  for (const c of cols) write(doc, l[c.key], c.x, y, { width: c.w, align: c.key === 'material' ? 'left' : 'right', bold: true, size: 8.5 });
  y += 16;
  doc.moveTo(left, y - 4).lineTo(right, y - 4).stroke();
  for (const line of receipt.lines) {
    if (y > 740) {
      doc.addPage();
      y = 36;
    }
    const cells: Record<(typeof cols)[number]['key'], string> = {
      material: materialName(line.material, lang),
      weight: formatWeightValue(line.weight),
      rate: formatAmount(line.rate),
      amount: formatAmount(line.amount),
    };
    for (const c of cols) write(doc, cells[c.key], c.x, y, { width: c.w, align: c.key === 'material' ? 'left' : 'right' });
    y += 14;
  }
  doc.moveTo(left, y).lineTo(right, y).stroke();
  y += 10;
  const totals: Array<[string, string, boolean]> = [
    [l.totalWeight, formatWeightValue(receipt.total_weight), false],
    [l.total, `₹${formatAmount(receipt.total)}`, true],
  ];
  for (const [label, value, bold] of totals) {
    write(doc, label, 330, y, { bold });
    write(doc, value, 448, y, { width: right - 448, align: 'right', bold });
    y += 14;
  }
  y += 8;
  const paise = rupeesToPaise(receipt.total);
  write(doc, `${l.inWords}: ${lang === 'hi' ? amountInHindiWords(paise) : amountInWords(paise)}`, left, y, { width: right - left });
  y += 18;
  const method = receipt.payment.method === 'upi' ? l.upi : l.cash;
  write(doc, `${l.paidBy}: ${method}${receipt.payment.reference ? ` (${l.reference} ${receipt.payment.reference})` : ''}`, left, y);
  write(doc, l.footer, left, 790, { size: 7, width: right - left });
  doc.end();
  return done;
}
