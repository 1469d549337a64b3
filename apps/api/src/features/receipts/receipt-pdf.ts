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

  // Who sold (the household) on the left, who bought (the company) on the right.
  const half = 250;
  const companyX = right - half;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 70);
  write(doc, l.household, left, 92, { bold: true, size: 10 });
  write(doc, receipt.household.name, left, 106, { width: half });
  write(doc, oneLine(receipt.household.address), left, 119, { width: half });
  if (receipt.household.phone) write(doc, `${l.phone}: ${formatPhone(receipt.household.phone)}`, left, 132, { width: half });
  if (receipt.company) {
    const { name, address, phone, gstin } = receipt.company;
    const rows = [name, address && oneLine(address), phone && `${l.phone}: ${formatPhone(phone)}`, gstin && `${l.gstin}: ${gstin}`].filter((row): row is string => Boolean(row));
    write(doc, l.company, companyX, 92, { bold: true, size: 10 });
    rows.forEach((row, i) => write(doc, row, companyX, 106 + 13 * i, { width: half }));
  }

  const cols = [
    { key: 'material', x: 36, w: 220 },
    { key: 'weight', x: 260, w: 90 },
    { key: 'rate', x: 354, w: 90 },
    { key: 'amount', x: 448, w: 111 },
  ] as const;
  let y = 160;
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
