import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The change feed (design.md section 12): one row per event, written by triggers in the
 * transaction of the change (migration 0004) and kept for the replay window. The audience
 * columns say who may receive it; see features/events/event-audience.ts.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['order', 'notification', 'rates'] }).notNull(),
    data: jsonb('data').notNull(),
    storeId: integer('store_id'),
    vendorId: integer('vendor_id'),
    /** Set while the order is or was pending: the city whose drivers saw it. */
    cityId: integer('city_id'),
    /** The order's driver before and after the change. */
    driverIds: integer('driver_ids').array(),
    /** A notification's member. */
    memberId: integer('member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves pruning events older than the replay window.
  (t) => [index('live_events_created_at_idx').on(t.createdAt)],
);

/** E-mails waiting to be sent; the scheduler sends them and retries with backoff. */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves the scheduler's next mails to send (partial: only unsent ones), see migration 0004.
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);
