import { eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/database';
import { invoiceCounters, invoices } from '../../db/tables/invoices.table';
import { orders } from '../../db/tables/orders.table';
import { buildInvoice, type BuiltInvoice } from './build-invoice';
import { financialYearOf, invoiceNumber, istDay } from './financial-year';
import { loadInvoiceSource } from './invoice-source';

/** The order's completed_at (the completing transaction's now()), so the invoice date matches it. */
async function completedAt(tx: DbOrTx, orderId: number): Promise<Date> {
  const [row] = await tx.select({ at: orders.completedAt }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row?.at ?? new Date();
}

/**
 * Gives a completing order its invoice, inside the completing transaction. The year's
 * counter row is incremented by an upsert, which locks it until commit: a rolled-back
 * completion gives its number back, and two completions never share one.
 */
export async function issueInvoice(tx: DbOrTx, orderId: number): Promise<{ totalPaise: number; reverseCharge: boolean }> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  if (existing?.totalPaise != null && existing.reverseCharge !== null) return { totalPaise: existing.totalPaise, reverseCharge: existing.reverseCharge };
  const source = await loadInvoiceSource(tx, orderId);
  if (!source) throw new Error(`order ${orderId} has no vendor to invoice`);
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
 * A completed order that has no invoice (completed by a path that wrote the row directly,
 * such as the benchmark's bulk load) gets one now: the order row is locked so that two
 * readers never number it twice.
 */
async function issueLate(db: Database, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status !== 'completed') return;
    const [existing] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
    if (!existing) await issueInvoice(tx, orderId);
  });
}

/** The invoice of a completed order; one numbered before invoices had bodies gets its body now, once. */
export async function readInvoice(db: Database, orderId: number): Promise<BuiltInvoice['body'] | null> {
  let [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  if (!row) {
    await issueLate(db, orderId);
    [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  }
  if (!row) return null;
  if (row.body) return row.body as BuiltInvoice['body'];
  const source = await loadInvoiceSource(db, orderId);
  if (!source) return null;
  const built = buildInvoice(source, { number: row.number, date: istDay(row.issuedAt) });
  await db.update(invoices).set({ body: built.body }).where(eq(invoices.orderId, orderId));
  return built.body;
}
