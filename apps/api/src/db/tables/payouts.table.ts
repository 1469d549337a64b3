import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_STATUSES } from '@app/shared/schemas/money';
import { members } from './members.table';
import { drivers, vendors } from './partners.table';

/** A vendor's or driver's request to be paid out of its wallet (design.md section 10). */
export const payouts = pgTable(
  'payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No reference to wallets here: wallet_entries refers to payouts, and the tables would import each other.
    walletId: integer('wallet_id').notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id),
    driverId: integer('driver_id').references(() => drivers.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    note: text('note'),
    reference: text('reference'),
    reason: text('reason'),
    requestedBy: integer('requested_by').references(() => members.id),
    decidedBy: integer('decided_by').references(() => members.id),
    /** The requester's Idempotency-Key and a hash of the body it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // A key names one request of one member; NULL keys never collide.
    uniqueIndex('payouts_idempotency_uq').on(t.requestedBy, t.idempotencyKey),
    // Serves the admin's queue by status, newest first.
    index('payouts_status_idx').on(t.status, t.id),
    // Serves a vendor's or driver's own payouts.
    index('payouts_wallet_idx').on(t.walletId, t.id),
    check('payouts_amount_ck', sql`${t.amountPaise} > 0`),
    check('payouts_status_ck', sql`${t.status} IN ('requested', 'paid', 'rejected', 'cancelled')`),
    check('payouts_one_owner_ck', sql`(${t.vendorId} IS NULL) <> (${t.driverId} IS NULL)`),
  ],
);
