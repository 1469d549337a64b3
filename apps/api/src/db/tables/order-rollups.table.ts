import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Counts kept as orders change (migration 0005: a trigger on orders writes them in the
// transaction of every change). Read-only for the application.

/** Per India day of creation, store, vendor, city and status: the charts' source. */
export const orderDailyRollups = pgTable(
  'order_daily_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    cityId: integer('city_id').notNull(),
    status: text('status').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    totalWeightGrams: bigint('total_weight_grams', { mode: 'number' }).notNull().default(0),
    vendorAmountPaise: bigint('vendor_amount_paise', { mode: 'number' }).notNull().default(0),
    driverAmountPaise: bigint('driver_amount_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'order_daily_rollups_pk', columns: [t.day, t.storeId, t.vendorId, t.cityId, t.status] }),
    // Serves a vendor's charts.
    index('order_daily_rollups_vendor_idx').on(t.vendorId, t.day),
    // Serves a store's charts.
    index('order_daily_rollups_store_idx').on(t.storeId, t.day),
  ],
);

/** The same per India month (`month` is its first day): the 12-month charts. */
export const orderMonthlyRollups = pgTable(
  'order_monthly_rollups',
  {
    month: date('month', { mode: 'string' }).notNull(),
    storeId: integer('store_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    cityId: integer('city_id').notNull(),
    status: text('status').notNull(),
    orderCount: integer('order_count').notNull().default(0),
    totalWeightGrams: bigint('total_weight_grams', { mode: 'number' }).notNull().default(0),
    vendorAmountPaise: bigint('vendor_amount_paise', { mode: 'number' }).notNull().default(0),
    driverAmountPaise: bigint('driver_amount_paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'order_monthly_rollups_pk', columns: [t.month, t.storeId, t.vendorId, t.cityId, t.status] }),
    // Serves a vendor's 12-month charts.
    index('order_monthly_rollups_vendor_idx').on(t.vendorId, t.month),
    // Serves a store's 12-month charts.
    index('order_monthly_rollups_store_idx').on(t.storeId, t.month),
  ],
);

/** Per store (with its vendor and city) and status: the status tabs and list totals. */
export const orderStatusCounts = pgTable(
  'order_status_counts',
  {
    storeId: integer('store_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    cityId: integer('city_id').notNull(),
    status: text('status').notNull(),
    orderCount: integer('order_count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_status_counts_pk', columns: [t.storeId, t.vendorId, t.cityId, t.status] })],
);
