import { asc, count, eq } from 'drizzle-orm';
import type { CompanyInvoiceDetail } from '@app/shared/company-details';
import { missingCompanyDetails } from '@app/shared/company-details';
import type { Database, DbOrTx } from '../../db/database';
import { invoices, invoiceWaits } from '../../db/tables/invoices.table';
import { orders } from '../../db/tables/orders.table';
import { creditOnce } from '../credit-once';
import { companyInformation, loadInvoiceSource } from './invoice-source';
import { holdInvoicing } from './invoicing-lock';
import { issueInvoice, numberInvoice } from './issue-invoice';

/** What Settings -> Information lacks for invoices; empty when invoices can be issued. */
export async function missingForInvoices(db: DbOrTx): Promise<CompanyInvoiceDetail[]> {
  return missingCompanyDetails(await companyInformation(db));
}

/**
 * Issues every invoice that waited for the company information, in completion order, in the
 * caller's transaction, once the information is complete; a GST-registered vendor gets its
 * credit (the invoice total) with its invoice. Holds the invoicing lock alone, so completions
 * running meanwhile either committed their wait before this reads the waits, or number their
 * own invoice after these. Answers how many it issued.
 */
export async function issueWaitingInvoices(tx: DbOrTx): Promise<number> {
  await holdInvoicing(tx);
  if ((await missingForInvoices(tx)).length > 0) return 0;
  const waiting = await tx
    .select({ orderId: invoiceWaits.orderId, supplierGstin: invoiceWaits.supplierGstin, vendorId: orders.vendorId })
    .from(invoiceWaits)
    .innerJoin(orders, eq(orders.id, invoiceWaits.orderId))
    .orderBy(asc(invoiceWaits.completedAt), asc(invoiceWaits.orderId));
  for (const wait of waiting) {
    const source = await loadInvoiceSource(tx, wait.orderId, { supplierGstin: wait.supplierGstin });
    if (!source) throw new Error(`order ${wait.orderId} has no vendor to invoice`);
    const issued = await numberInvoice(tx, wait.orderId, source);
    // A vendor without a GSTIN was credited its amount at completion already. (Only stores'
    // orders wait for an invoice: a household's pickup has no vendor and gets none.)
    if (!issued.reverseCharge && wait.vendorId !== null) await creditOnce(tx, 'vendor', wait.vendorId, wait.orderId, issued.totalPaise);
    await tx.delete(invoiceWaits).where(eq(invoiceWaits.orderId, wait.orderId));
  }
  return waiting.length;
}

/**
 * A completed order without an invoice row gets one now, if it can: the invoices that waited
 * first (the company information may have been completed outside the settings form), then
 * this one (completed by a path that wrote the row directly, such as the benchmark's bulk
 * load). The invoicing lock comes before the order's row lock, as in issueWaitingInvoices.
 */
export async function issueLate(db: Database, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await issueWaitingInvoices(tx);
    const [order] = await tx.select({ status: orders.status, customerKind: orders.customerKind }).from(orders).where(eq(orders.id, orderId)).for('update');
    // A household's pickup gets a receipt, never a GST invoice (design.md section 21).
    if (order?.status !== 'completed' || order.customerKind === 'household') return;
    const [existing] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
    if (!existing) await issueInvoice(tx, orderId);
  });
}

/** Whether the order's invoice waits for the company information, and for what. */
export async function invoiceWaitOf(db: DbOrTx, orderId: number): Promise<CompanyInvoiceDetail[] | null> {
  const [wait] = await db.select({ orderId: invoiceWaits.orderId }).from(invoiceWaits).where(eq(invoiceWaits.orderId, orderId)).limit(1);
  if (!wait) return null;
  return missingForInvoices(db);
}

/** The orders waiting for their invoice, oldest completion first, at most `limit`, and how many there are. */
export async function listInvoiceWaits(db: DbOrTx, limit: number) {
  const [total] = await db.select({ n: count() }).from(invoiceWaits);
  const rows = await db
    .select({ orderId: invoiceWaits.orderId, completedAt: invoiceWaits.completedAt })
    .from(invoiceWaits)
    .orderBy(asc(invoiceWaits.completedAt), asc(invoiceWaits.orderId))
    .limit(limit);
  return { total: total?.n ?? 0, rows };
}
