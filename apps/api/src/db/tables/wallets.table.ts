import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '@app/shared/schemas/money';
import { orders } from './orders.table';
import { payouts } from './payouts.table';

/** A vendor's wallet or a driver's earnings: one row per owner. */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type', { enum: ['vendor', 'driver'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    /** The sum of the wallet's entries. */
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    /** The sum of its payouts still `requested`: available = balance - requested. */
    requestedPaise: bigint('requested_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves finding the wallet of a vendor or driver.
    uniqueIndex('wallets_owner_uq').on(t.ownerType, t.ownerId),
    // The last line of defence of design.md section 10: no balance or available below zero.
    check('wallets_balance_ck', sql`${t.balancePaise} >= 0`),
    check('wallets_available_ck', sql`${t.requestedPaise} >= 0 AND ${t.requestedPaise} <= ${t.balancePaise}`),
  ],
);

/** The ledger: entries are only ever inserted, never updated or deleted. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    walletId: integer('wallet_id').notNull().references(() => wallets.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    payoutId: bigint('payout_id', { mode: 'number' }).references(() => payouts.id),
    /** Signed: credits positive, payouts negative. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    balanceAfterPaise: bigint('balance_after_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order credits each wallet exactly once per kind (a household's pickup gives its driver
    // the driver amount and the household_payment), whatever races happen.
    uniqueIndex('wallet_entries_once_uq').on(t.walletId, t.orderId, t.kind),
    // A paid payout debits its wallet exactly once.
    uniqueIndex('wallet_entries_payout_uq').on(t.payoutId),
    // Serves a wallet's transactions, newest first.
    index('wallet_entries_wallet_idx').on(t.walletId, t.id),
    check('wallet_entries_kind_ck', sql`${t.kind} IN ('order_credit', 'payout', 'adjustment', 'household_payment')`),
    check('wallet_entries_balance_ck', sql`${t.balanceAfterPaise} >= 0`),
  ],
);
