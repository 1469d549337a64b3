import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.table';

/**
 * One counter per financial year ("2025-26"). The completing transaction locks its row
 * to take the next number, so a rolled-back completion leaves no gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A completed order's tax invoice: its number, and the document as issued. */
export const invoices = pgTable(
  'invoices',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The invoice total and whether the recipient pays the tax, as issued; null for orders completed before invoices existed. */
    totalPaise: bigint('total_paise', { mode: 'number' }),
    reverseCharge: boolean('reverse_charge'),
    /** The invoice JSON as issued; null for orders completed before invoices existed (computed on first read). */
    body: jsonb('body'),
  },
  (t) => [uniqueIndex('invoices_number_uq').on(t.number), uniqueIndex('invoices_sequence_uq').on(t.financialYear, t.sequence)],
);

/**
 * A completed order whose invoice waits for the company information (design.md section 23):
 * no number is taken while Settings -> Information lacks the name, address, state or GSTIN.
 * The row goes when the invoice is issued (migration 0014).
 */
export const invoiceWaits = pgTable(
  'invoice_waits',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** The vendor's GSTIN at completion: the wallet credit was judged by it, so the invoice issued later says the same. */
    supplierGstin: text('supplier_gstin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves issuing the waiting invoices, and the admin's list of them, in completion order.
  (t) => [index('invoice_waits_completed_idx').on(t.completedAt, t.orderId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An invoice's PDF per language, built on its first request and kept: an invoice never changes (design.md section 16). */
export const invoicePdfs = pgTable(
  'invoice_pdfs',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => invoices.orderId, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'invoice_pdfs_pk', columns: [t.orderId, t.language] })],
);
