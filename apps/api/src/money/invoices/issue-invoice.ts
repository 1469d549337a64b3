import { eq, sql } from 'drizzle-orm';
import { missingCompanyDetails } from '@app/shared/company-details';
import type { DbOrTx } from '../../db/database';
import { invoiceCounters, invoices, invoiceWaits } from '../../db/tables/invoices.table';
import { orders } from '../../db/tables/orders.table';
import { buildInvoice } from './build-invoice';
import { financialYearOf, invoiceNumber, istDay } from './financial-year';
import { loadInvoiceSource, type InvoiceSource } from './invoice-source';
import { shareInvoicing } from './invoicing-lock';

/** A completing order's invoice: numbered now, or waiting for the company information. */
export type IssueOutcome = { issued: true; totalPaise: number; reverseCharge: boolean } | { issued: false; reverseCharge: boolean };

/** The order's completed_at (the completing transaction's now()), so the invoice date matches it. */
async function completedAt(tx: DbOrTx, orderId: number): Promise<Date> {
  const [row] = await tx.select({ at: orders.completedAt }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.at ?? new Date();
}

/** What the company information still lacks for invoices, as this source reads it. */
export const missingForInvoice = (source: InvoiceSource) =>
  missingCompanyDetails({ name: source.recipient.name, address: source.recipient.address, gstin: source.recipient.gstin ?? '' });

/**
 * Takes the next number of the order's financial year and writes the invoice. The year's
 * counter row is incremented by an upsert, which locks it until commit: a rolled-back
 * transaction gives its number back, and two never share one.
 */
export async function numberInvoice(tx: DbOrTx, orderId: number, source: InvoiceSource): Promise<{ totalPaise: number; reverseCharge: boolean }> {
  const now = await completedAt(tx, orderId);
  const financialYear = financialYearOf(now);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.financialYear, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  const sequence = counter!.lastNumber;
  const built = buildInvoice(source, { number: invoiceNumber(source.prefix, financialYear, sequence), date: istDay(now) });
  await tx.insert(invoices).values({
    orderId,
    number: built.body.number,
    financialYear,
    sequence,
    issuedAt: now,
    totalPaise: built.totalPaise,
    reverseCharge: built.reverseCharge,
    body: built.body,
  });
  return { totalPaise: built.totalPaise, reverseCharge: built.reverseCharge };
}

/**
 * Gives a completing order its invoice, inside the completing transaction. While Settings ->
 * Information lacks the company's name, address, state or GSTIN, no number is taken: the
 * order waits for its invoice (design.md section 23), and so does every order completed
 * while others still wait, so that invoices keep completion order.
 */
export async function issueInvoice(tx: DbOrTx, orderId: number): Promise<IssueOutcome> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  if (existing?.totalPaise != null && existing.reverseCharge !== null) return { issued: true, totalPaise: existing.totalPaise, reverseCharge: existing.reverseCharge };
  await shareInvoicing(tx);
  const source = await loadInvoiceSource(tx, orderId);
  if (!source) throw new Error(`order ${orderId} has no vendor to invoice`);
  const [queued] = await tx.select({ orderId: invoiceWaits.orderId }).from(invoiceWaits).limit(1);
  if (queued || missingForInvoice(source).length > 0) {
    await tx
      .insert(invoiceWaits)
      .values({ orderId, completedAt: await completedAt(tx, orderId), supplierGstin: source.supplier.gstin })
      .onConflictDoNothing({ target: invoiceWaits.orderId });
    return { issued: false, reverseCharge: source.supplier.gstin === null };
  }
  return { issued: true, ...(await numberInvoice(tx, orderId, source)) };
}
