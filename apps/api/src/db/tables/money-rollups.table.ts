import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Sums kept by the database for the reconciliation report and the ledger check (migration
// 0010, design.md section 16): triggers on orders, order_lines, invoices and wallet_entries
// write them in the transaction of every change, whatever path made it, so a report reads
// a few thousand rows instead of every order, line and entry. Read-only for the application.
//
// A completed order counts on the India day of its completed_at (status `completed` and
// completed_at set), under its city and vendor, as the report's query always did. Rows
// whose orders all moved away stay behind with zero sums.
//
// Why these keys: day, city, vendor and material are the report's three groupings and its
// range, and nothing finer, so each completion touches one row per material of the order
// and one order row. Orders are counted apart from materials because an order with two
// materials is one order: distinct counts do not add up across materials. Months repeat
// the days so a year reads 12 x cities x vendors x materials rows plus the edge days.
//
// The triggers, their composite types (reconciliation_delta, order_line_change) and
// money_sums_rebuild() live in the migration's SQL: a column changed here must be changed
// there too.

const sums = {
  /** Completed orders having a line of this material. */
  orderCount: integer('order_count').notNull().default(0),
  weightGrams: bigint('weight_grams', { mode: 'number' }).notNull().default(0),
  vendorAmountPaise: bigint('vendor_amount_paise', { mode: 'number' }).notNull().default(0),
  driverAmountPaise: bigint('driver_amount_paise', { mode: 'number' }).notNull().default(0),
  /** Per line (b2c_rate_paise x weight_grams + 500) / 1000: the b2c rate that stood when the line was priced. */
  b2cValuePaise: bigint('b2c_value_paise', { mode: 'number' }).notNull().default(0),
};

/** The lines of completed orders per India day of completion, city, vendor and material. */
export const reconciliationMaterialDays = pgTable(
  'reconciliation_material_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cityId: integer('city_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    materialId: integer('material_id').notNull(),
    ...sums,
  },
  // Serves the report's edge days (a range of days).
  (t) => [primaryKey({ name: 'reconciliation_material_days_pk', columns: [t.day, t.cityId, t.vendorId, t.materialId] })],
);

/** The same per India month (`month` is its first day): the report's whole months. */
export const reconciliationMaterialMonths = pgTable(
  'reconciliation_material_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    cityId: integer('city_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    materialId: integer('material_id').notNull(),
    ...sums,
  },
  (t) => [primaryKey({ name: 'reconciliation_material_months_pk', columns: [t.month, t.cityId, t.vendorId, t.materialId] })],
);

/** Completed orders having at least one line (the report joins lines) per India day of completion, city and vendor. */
export const reconciliationOrderDays = pgTable(
  'reconciliation_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    cityId: integer('city_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    orderCount: integer('order_count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'reconciliation_order_days_pk', columns: [t.day, t.cityId, t.vendorId] })],
);

/** The same per India month. */
export const reconciliationOrderMonths = pgTable(
  'reconciliation_order_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    cityId: integer('city_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    orderCount: integer('order_count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'reconciliation_order_months_pk', columns: [t.month, t.cityId, t.vendorId] })],
);

/**
 * What the completed orders of a vendor owe the wallets, over all time: per order the
 * vendor credit (the invoice total when the invoice is not reverse charge, else the vendor
 * amount) plus the driver amount when a driver took it. One row per vendor, not one for
 * all: concurrent completions of different vendors never wait on each other here.
 */
export const completedOrderOwed = pgTable('completed_order_owed', {
  vendorId: integer('vendor_id').primaryKey(),
  owedPaise: bigint('owed_paise', { mode: 'number' }).notNull().default(0),
});

/** Each wallet's entries summed per kind; the wallet's row is locked by every entry anyway, so this adds no waiting. */
export const walletEntrySums = pgTable(
  'wallet_entry_sums',
  {
    walletId: integer('wallet_id').notNull(),
    kind: text('kind').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    /** How many entries (migration 0015): a ledger's X-Total-Count without counting its entries. */
    entryCount: bigint('entry_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'wallet_entry_sums_pk', columns: [t.walletId, t.kind] })],
);

/**
 * A wallet's entries per India day of created_at and kind (migration 0011, design.md section
 * 16): a statement's summary, its X-Total-Count and the id bounds its pages walk come from
 * these rows, about three per day of history, instead of from every entry. Triggers on
 * wallet_entries keep them exact through inserts (deltas), and updates and deletes made by
 * SQL (the affected days counted afresh); a day and kind left without entries has no row.
 */
export const walletDaySums = pgTable(
  'wallet_day_sums',
  {
    walletId: integer('wallet_id').notNull(),
    /** The India day of the entries' created_at: statements are India days. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    entryCount: integer('entry_count').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** order_credit: the credited orders' total_weight_grams, read when the entry is written (a completed order's weight stays). */
    weightGrams: bigint('weight_grams', { mode: 'number' }).notNull().default(0),
    /** The smallest and largest entry id of the day and kind: where a period's pages start and stop walking the wallet index. */
    minId: bigint('min_id', { mode: 'number' }).notNull(),
    maxId: bigint('max_id', { mode: 'number' }).notNull(),
  },
  // Serves a statement: one wallet's days up to the period's last.
  (t) => [primaryKey({ name: 'wallet_day_sums_pk', columns: [t.walletId, t.day, t.kind] })],
);
