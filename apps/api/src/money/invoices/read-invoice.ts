import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { invoices } from '../../db/tables/invoices.table';
import { buildInvoice, type BuiltInvoice } from './build-invoice';
import { istDay } from './financial-year';
import { loadInvoiceSource } from './invoice-source';
import { issueLate } from './issue-waiting-invoices';

/** The invoice of a completed order; one numbered before invoices had bodies gets its body now, once. Null while it waits. */
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
