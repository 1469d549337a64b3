import { z } from 'zod';
import { emptyToUndefined, listLimitSchema, strictQuery } from './list';
import { idCursorSchema, idOutput, queryId } from './ids';
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
  vendor_id: idOutput,
  balance: z.number(),
  /** balance minus payouts still `requested`: what a new payout may ask for. */
  available: z.number(),
  transactions: z.array(walletTransactionSchema),
});
export type VendorWallet = z.infer<typeof vendorWalletSchema>;

/** GET /wallets/driver-earnings: one per driver; `transactions` newest first. */
export const driverEarningsSchema = z.object({
  driver_id: idOutput,
  balance: z.number(),
  /** balance minus payouts still `requested`: what a new payout may ask for. */
  available: z.number(),
  transactions: z.array(walletTransactionSchema),
});
export type DriverEarnings = z.infer<typeof driverEarningsSchema>;

const optionalId = (name: string) => queryId('integer', { invalid: `${name} must be a whole number`, positive: 'Use a positive id', tooLarge: 'Unknown id' });

const transactionsLimit = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number()
    .int('transactions_limit must be a whole number')
    .min(0, 'transactions_limit may not be negative')
    .max(WALLET_TRANSACTIONS_MAX, `transactions_limit may be at most ${WALLET_TRANSACTIONS_MAX}`)
    .default(WALLET_TRANSACTIONS_DEFAULT),
);

// Wallets page by their vendor's or driver's id.
export const walletListQuerySchema = strictQuery({
  vendor_id: optionalId('vendor_id'),
  transactions_limit: transactionsLimit,
  limit: listLimitSchema,
  cursor: idCursorSchema('integer'),
});
export type WalletListQuery = z.input<typeof walletListQuerySchema>;

export const driverEarningsQuerySchema = strictQuery({
  driver_id: optionalId('driver_id'),
  transactions_limit: transactionsLimit,
  limit: listLimitSchema,
  cursor: idCursorSchema('integer'),
});
export type DriverEarningsQuery = z.input<typeof driverEarningsQuerySchema>;
