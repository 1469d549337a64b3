import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.table';

/** A vendor's wallet or a driver's earnings: one row per owner. */
export const wallets = pgTable(
  'wallets',
  {
    id: serial('id').primaryKey(),
    ownerType: text('owner_type', { enum: ['vendor', 'driver'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    balancePaise: bigint('balance_paise', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves finding the wallet of a vendor or driver.
  (t) => [uniqueIndex('wallets_owner_uq').on(t.ownerType, t.ownerId)],
);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    walletId: integer('wallet_id').notNull().references(() => wallets.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An order credits each wallet exactly once, whatever races happen.
    uniqueIndex('wallet_entries_once_uq').on(t.walletId, t.orderId),
    // Serves a wallet's transactions, newest first.
    index('wallet_entries_wallet_idx').on(t.walletId, t.id),
  ],
);
