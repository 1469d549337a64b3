import { z } from 'zod';
import { emptyToUndefined, listCursorSchema, listLimitSchema } from './list';
import { ledgerEntrySchema } from './money';

// design.md section 7: a completed order credits its vendor's wallet with the vendor
// amount and its driver's earnings with the driver amount, once. Rupees on the wire.

/** Each wallet answers its newest transactions, at most this many (`transactions_limit`). */
export const WALLET_TRANSACTIONS_DEFAULT = 100;
export const WALLET_TRANSACTIONS_MAX = 500;

/** A ledger entry (design.md section 10): `order_id` is null for payouts and adjustments. */
export const walletTransactionSchema = ledgerEntrySchema;
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** GET /wallets/: one per vendor; `transactions` newest first. */
export const vendorWalletSchema = z.object({
  vendor_id: z.number().int(),
  balance: z.number(),
  /** balance minus payouts still `requested`: what a new payout may ask for. */
  available: z.number(),
  transactions: z.array(walletTransactionSchema),
});
export type VendorWallet = z.infer<typeof vendorWalletSchema>;

/** GET /wallets/driver-earnings: one per driver; `transactions` newest first. */
export const driverEarningsSchema = z.object({
  driver_id: z.number().int(),
  balance: z.number(),
  /** balance minus payouts still `requested`: what a new payout may ask for. */
  available: z.number(),
  transactions: z.array(walletTransactionSchema),
});
export type DriverEarnings = z.infer<typeof driverEarningsSchema>;

const optionalId = (name: string) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int(`${name} must be a whole number`).min(1).max(2_147_483_647).optional());

const transactionsLimit = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number()
    .int('transactions_limit must be a whole number')
    .min(0, 'transactions_limit may not be negative')
    .max(WALLET_TRANSACTIONS_MAX, `transactions_limit may be at most ${WALLET_TRANSACTIONS_MAX}`)
    .default(WALLET_TRANSACTIONS_DEFAULT),
);

export const walletListQuerySchema = z.object({
  vendor_id: optionalId('vendor_id'),
  transactions_limit: transactionsLimit,
  limit: listLimitSchema,
  cursor: listCursorSchema,
});
export type WalletListQuery = z.input<typeof walletListQuerySchema>;

export const driverEarningsQuerySchema = z.object({
  driver_id: optionalId('driver_id'),
  transactions_limit: transactionsLimit,
  limit: listLimitSchema,
  cursor: listCursorSchema,
});
export type DriverEarningsQuery = z.input<typeof driverEarningsQuerySchema>;
