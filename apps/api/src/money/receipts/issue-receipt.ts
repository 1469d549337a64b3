import { asc, eq, sql } from 'drizzle-orm';
import { formatOrderNumber } from '@app/shared/format';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { Receipt } from '@app/shared/schemas/households';
import type { DbOrTx } from '../../db/database';
import { materials } from '../../db/tables/materials.table';
import { orderLines, orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { receiptCounters, receipts } from '../../db/tables/receipts.table';
import { financialYearOf, invoiceNumber } from '../invoices/financial-year';
import { companyInformation } from '../invoices/invoice-source';

// design.md section 21: a household's pickup, once completed, gets a receipt numbered
// RCPT/{YYYY-YY}/{000001}, gap-free per financial year (April to March, India time) as
// invoices are (design.md section 11): the number is taken in the completing transaction.

export const RECEIPT_PREFIX = 'RCPT';

export interface IssuedReceipt {
  number: string;
  totalPaise: number;
  body: Receipt;
}

/** What the receipt says, from the order as it stands in the completing transaction. */
async function receiptBody(tx: DbOrTx, order: ReceiptOrder, number: string, issuedAt: Date): Promise<{ body: Receipt; totalPaise: number }> {
  const [home] = await tx.select({ name: stores.name, phone: stores.phone, address: stores.address }).from(stores).where(eq(stores.id, order.storeId)).limit(1);
  if (!home) throw new Error(`order ${order.id} has no home to write a receipt to`);
  const company = await companyInformation(tx);
  const lines = await tx
    .select({
      materialId: orderLines.materialId,
      name: materials.name,
      nameHi: materials.nameHi,
      weightGrams: orderLines.weightGrams,
      b2cRatePaise: orderLines.b2cRatePaise,
      amountPaise: orderLines.amountPaise,
    })
    .from(orderLines)
    .innerJoin(materials, eq(materials.id, orderLines.materialId))
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  // A household's line is priced at the b2c rate (decision 084): its amount is what the
  // household was paid for it, and the total what the driver's household_payment repays.
  const totalPaise = lines.reduce((sum, l) => sum + l.amountPaise, 0);
  const totalGrams = lines.reduce((sum, l) => sum + (l.weightGrams ?? 0), 0);
  return {
    totalPaise,
    body: {
      number,
      issued_at: issuedAt.toISOString(),
      order_id: order.id,
      display_number: formatOrderNumber(order.id),
      household: { name: home.name, phone: home.phone, address: home.address },
      company: { name: company.name, address: company.address || null, phone: company.phone || null, gstin: company.gstin || null },
      lines: lines.map((l) => ({
        material: { id: l.materialId, name: l.name, name_hi: l.nameHi },
        weight: gramsToKg(l.weightGrams ?? 0),
        rate: paiseToRupees(l.b2cRatePaise),
        amount: paiseToRupees(l.amountPaise),
      })),
      total_weight: gramsToKg(totalGrams),
      total: paiseToRupees(totalPaise),
      payment: { method: order.paymentMethod!, reference: order.paymentReference },
    },
  };
}

interface ReceiptOrder {
  id: number;
  storeId: number;
  customerKind: 'store' | 'household';
  completedAt: Date | null;
  paymentMethod: 'cash' | 'upi' | null;
  paymentReference: string | null;
}

/**
 * Gives a completed household pickup its receipt, inside the completing transaction, once:
 * the order row is locked first (the completion holds it already), so a replayed completion
 * finds the receipt and takes no second number. The year's counter row is incremented by an
 * upsert, which locks it until commit, as invoices' numbers are taken (issue-invoice.ts): a
 * rolled-back completion gives its number back, and two never share one. The receipt is
 * dated by the order's completed_at (the transaction's now()), so its year is the
 * completion's. The caller records the payment on the order before.
 */
export async function issueReceipt(tx: DbOrTx, orderId: number): Promise<IssuedReceipt> {
  const [order] = await tx
    .select({
      id: orders.id,
      storeId: orders.storeId,
      customerKind: orders.customerKind,
      completedAt: orders.completedAt,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  if (!order) throw new Error(`order ${orderId} is missing`);
  const [existing] = await tx.select().from(receipts).where(eq(receipts.orderId, orderId)).limit(1);
  if (existing) return { number: existing.number, totalPaise: existing.totalPaise, body: existing.body as Receipt };
  if (order.customerKind !== 'household') throw new Error(`order ${orderId} is not a household's pickup: it gets an invoice, not a receipt`);
  if (order.paymentMethod === null) throw new Error(`order ${orderId} has no payment recorded: record it before the receipt`);

  const issuedAt = order.completedAt ?? new Date();
  const financialYear = financialYearOf(issuedAt);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.financialYear, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const number = invoiceNumber(RECEIPT_PREFIX, financialYear, sequence);
  const { body, totalPaise } = await receiptBody(tx, order, number, issuedAt);
  await tx.insert(receipts).values({ orderId, number, financialYear, sequence, issuedAt, totalPaise, body });
  return { number, totalPaise, body };
}
