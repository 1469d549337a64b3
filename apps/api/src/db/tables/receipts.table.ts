import { bigint, customType, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.table';

// A household's receipt (design.md section 21): numbered like invoices, one counter per
// financial year whose row the completing transaction locks, so no number is skipped.

export const receiptCounters = pgTable('receipt_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A completed household pickup's receipt: its number and the document as issued. */
export const receipts = pgTable(
  'receipts',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The receipt JSON as issued (GET /orders/{id}/receipt). */
    body: jsonb('body').notNull(),
  },
  (t) => [uniqueIndex('receipts_number_uq').on(t.number), uniqueIndex('receipts_sequence_uq').on(t.financialYear, t.sequence)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A receipt's PDF per language, built on its first request and kept: a receipt never changes. */
export const receiptPdfs = pgTable(
  'receipt_pdfs',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => receipts.orderId, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'receipt_pdfs_pk', columns: [t.orderId, t.language] })],
);
