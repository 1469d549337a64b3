import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.table';

/**
 * A browser's Web Push subscription (design.md section 15). One device, one member: an
 * endpoint posted again moves to whoever posted it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; the sender POSTs to it. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url): what each message is encrypted for. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the browser last posted it: past the cap per member, the least recently posted goes. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  // Serves the notifier's subscriptions of the recipients, and the cap per member.
  (t) => [index('push_subscriptions_member_idx').on(t.memberId, t.updatedAt)],
);

/**
 * Push messages waiting to go out, written in the transaction of their notification. Every
 * row is pending: a sent or given-up row is deleted, a 404/410 deletes its subscription
 * (and so its rows). The senders lease due rows (src/push/send-due-pushes.ts).
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull().references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** The JSON the service worker receives: `{title, body, link, tag}` (@app/shared/schemas/push). */
    payload: jsonb('payload').notNull(),
    /** The `Urgency` header: order updates and escalations are `high`. */
    urgency: text('urgency', { enum: ['normal', 'high'] }).notNull().default('normal'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves the senders' poll for due rows (every second in each process).
    index('push_queue_due_idx').on(t.nextAttemptAt),
    // Serves the cascade when a subscription goes.
    index('push_queue_subscription_idx').on(t.subscriptionId),
  ],
);

/**
 * The VAPID key pair generated on first start when VAPID_* is not set (base64url, as
 * `web-push generate-vapid-keys` prints). One row: the first process to insert it wins.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_one_row_ck', sql`${t.id} = 1`)],
);
