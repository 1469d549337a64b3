import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.table';

/**
 * Each order's current stay: its newest event, kept by a trigger on order_events
 * (migration 0009), so the scheduler finds the orders standing too long through an index
 * instead of looking up every waiting order's history on each tick (design.md section 16).
 * Read-only for the application but for `escalated`.
 */
export const orderStays = pgTable(
  'order_stays',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** An escalation was opened for this stay. */
    escalated: boolean('escalated').notNull().default(false),
  },
  (t) => [
    index('order_stays_due_idx')
      .on(t.since)
      .where(sql`not escalated and status in ('waiting_store', 'waiting_admin', 'issue')`),
  ],
);
