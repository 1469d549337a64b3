import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.table';
import { drivers } from './partners.table';

/**
 * The last position of each driver on the way (design.md section 19, migration 0019): one
 * row per driver, replaced by each POST /drivers/me/position. Personal data: the scheduler
 * sets `released_at` once the driver holds no order in `moving` or `arrived`, and deletes
 * the row 24 hours later. Never in an order answer, an export or a backup.
 */
export const driverPositions = pgTable(
  'driver_positions',
  {
    driverId: integer('driver_id').primaryKey().references(() => drivers.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracyM: doublePrecision('accuracy_m'),
    /** When the phone measured it. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The server's time of the last post it took: the next is taken 5 seconds later at the earliest. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Since when the driver holds no order on the way; null while it holds one. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    check('driver_positions_point_ck', sql`${t.lat} BETWEEN -90 AND 90 AND ${t.lng} BETWEEN -180 AND 180`),
    // Serves the retention job's deletion: only released positions, by when.
    index('driver_positions_released_idx').on(t.releasedAt).where(sql`released_at is not null`),
  ],
);

/** The ETA of a moving order, computed from its driver's position when it was posted (decision 078). */
export const orderEtas = pgTable(
  'order_etas',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    /** The driver whose position it comes from: another driver's is never shown. */
    driverId: integer('driver_id').notNull().references(() => drivers.id, { onDelete: 'cascade' }),
    /** Road km to the store, 2 decimals. */
    distanceKm: doublePrecision('distance_km').notNull(),
    /** Whole minutes, at least 1. */
    minutes: integer('minutes').notNull(),
    /** When the phone measured the position it comes from. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** `formula`: straight line x 1.4 at 18 km/h; `routing`: the ROUTING_URL server's route. */
    source: text('source', { enum: ['formula', 'routing'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_etas_source_ck', sql`${t.source} IN ('formula', 'routing')`)],
);
