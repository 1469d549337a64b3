import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Messages waiting to be sent, e-mails, SMS and WhatsApp alike (`channel`, migrations 0020
 * and 0021); the scheduler sends them and retries with backoff. An SMS's or WhatsApp
 * message's `to_address` is its E.164 number and its `subject` the kind of message (which
 * names its template); a WhatsApp body is JSON: the member's language and the parameters.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['mail', 'sms', 'whatsapp'] }).notNull().default('mail'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Worth sending only until then (a sign-in code): past it the row is given up unsent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves each channel's next messages to send (partial: only unsent ones), see migration 0020.
  (t) => [
    check('mail_queue_channel_ck', sql`${t.channel} IN ('mail', 'sms', 'whatsapp')`),
    index('mail_queue_due_idx').on(t.channel, t.nextAttemptAt).where(sql`sent_at is null and failed_at is null`),
  ],
);
