import { z } from 'zod';
import { text } from './text';
import { parseRupees } from '../money';
import { emptyToUndefined, listLimitSchema, strictQuery } from './list';
import { idCursorSchema, idOutput, queryId, textId } from './ids';

// design.md sections 10 and 11: the ledger of every vendor wallet and driver's earnings,
// payouts, statements, reconciliation and GST invoices. Rupees and kg on the wire; the
// server keeps integer paise and grams.

const timeOutput = text().describe('ISO 8601 time, UTC');
const rupees = z.number().describe('Indian rupees, at most 2 decimals');
const kg = z.number().describe('Kilograms, at most 3 decimals');

const optionalId = (name: string) =>
  queryId('integer', { invalid: `${name} must be a whole number`, positive: `${name} must be a positive id`, tooLarge: `Unknown ${name}` });

/** `vendor_id` or `driver_id`, never both: a ledger belongs to one of them. */
const oneOwner = <T extends { vendor_id?: number | undefined; driver_id?: number | undefined }>(q: T) =>
  q.vendor_id === undefined || q.driver_id === undefined;
const ONE_OWNER_ISSUE = { message: 'Send either vendor_id or driver_id, not both', path: ['driver_id'] };

// ---- Ledger ------------------------------------------------------------------------------

// household_payment: what a driver paid a household at the door, repaid by payouts (design.md section 21).
export const LEDGER_KINDS = ['order_credit', 'payout', 'adjustment', 'household_payment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One ledger entry: never edited or deleted; `amount` signed (credits positive). */
export const ledgerEntrySchema = z.object({
  id: idOutput,
  kind: z.enum(LEDGER_KINDS),
  amount: rupees,
  balance_after: rupees,
  order_id: idOutput.nullable(),
  payout_id: idOutput.nullable(),
  created_at: timeOutput,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** GET /wallets/transactions and its `.csv`: one ledger, newest first. A vendor or driver may omit the id (its own). */
export const walletTransactionsQuerySchema = strictQuery({
  vendor_id: optionalId('vendor_id'),
  driver_id: optionalId('driver_id'),
  limit: listLimitSchema,
  cursor: idCursorSchema('bigint'),
}).refine(oneOwner, ONE_OWNER_ISSUE);
export type WalletTransactionsQuery = z.input<typeof walletTransactionsQuerySchema>;

/** The columns of GET /wallets/transactions.csv, in order. */
export const LEDGER_CSV_COLUMNS = ['id', 'created_at', 'kind', 'amount', 'balance_after', 'order_id', 'payout_id'] as const;

// ---- Payouts -----------------------------------------------------------------------------

export const PAYOUT_STATUSES = ['requested', 'paid', 'rejected', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Longest note, reference and reason accepted. */
export const PAYOUT_TEXT_MAX = 500;
export const PAYOUT_REFERENCE_MAX = 100;
export const IDEMPOTENCY_KEY_MAX = 255;
/** Set (`true`) on an answer that repeats the first answer to the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const payoutSchema = z.object({
  id: idOutput,
  status: z.enum(PAYOUT_STATUSES),
  amount: rupees,
  /** Exactly one of vendor_id and driver_id is set: whose wallet or earnings pays out. */
  vendor_id: idOutput.nullable(),
  driver_id: idOutput.nullable(),
  /** The vendor's company name or the driver's name, for the admin's queue. */
  payee_name: text(),
  note: text().nullable(),
  /** The bank transfer's reference, once paid. */
  reference: text().nullable(),
  /** Why it was rejected. */
  reason: text().nullable(),
  created_at: timeOutput,
  decided_at: timeOutput.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Rupees > 0 with at most 2 decimals (a number, or decimal text). Whether it fits `available` is the server's check. */
const payoutAmountSchema = z.union([z.number(), text()], { error: 'Amount must be a number of rupees' }).transform((value, ctx) => {
  const parsed = parseRupees(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.value;
});

const optionalNote = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text().trim().max(PAYOUT_TEXT_MAX, `Use at most ${PAYOUT_TEXT_MAX} characters`).nullish(),
);

/** POST /payouts/ by a vendor or a driver. `amount` parses to paise. */
export const createPayoutBodySchema = z.strictObject({
  amount: payoutAmountSchema,
  note: optionalNote,
});
export type CreatePayoutBody = z.input<typeof createPayoutBodySchema>;
export type CreatePayoutParsed = z.output<typeof createPayoutBodySchema>;

/** PATCH /payouts/{id}/approve/ (admin): the bank transfer's reference. */
export const approvePayoutBodySchema = z.strictObject({
  reference: text()
    .trim()
    .min(1, 'Enter the bank transfer\'s reference')
    .max(PAYOUT_REFERENCE_MAX, `Use at most ${PAYOUT_REFERENCE_MAX} characters`),
});
export type ApprovePayoutBody = z.input<typeof approvePayoutBodySchema>;

/** PATCH /payouts/{id}/reject/ (admin): why. */
export const rejectPayoutBodySchema = z.strictObject({
  reason: text().trim().min(1, 'Enter the reason').max(PAYOUT_TEXT_MAX, `Use at most ${PAYOUT_TEXT_MAX} characters`),
});
export type RejectPayoutBody = z.input<typeof rejectPayoutBodySchema>;

/** PATCH /payouts/{id}/cancel/ (the requester): no body, or an empty one. */
export const cancelPayoutBodySchema = z.strictObject({}).nullish();

export const payoutListQuerySchema = strictQuery({
  status: z.preprocess(emptyToUndefined, z.enum(PAYOUT_STATUSES, { error: `status must be one of ${PAYOUT_STATUSES.join(', ')}` }).optional()),
  vendor_id: optionalId('vendor_id'),
  driver_id: optionalId('driver_id'),
  limit: listLimitSchema,
  cursor: idCursorSchema('bigint'),
}).refine(oneOwner, ONE_OWNER_ISSUE);
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;

// Payouts are a bigint table, but their ids stay far below 2^31: a larger one is refused outright.
export const payoutIdParamsSchema = z.object({ id: textId('integer', { invalid: 'Unknown payout' }) });

// ---- Dates (India time, inclusive) --------------------------------------------------------

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
function isCalendarDate(value: string): boolean {
  // PostgreSQL has no year 0, and no business day here lies before 1900.
  if (!DATE_PATTERN.test(value) || value < '1900-01-01') return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
/** `YYYY-MM-DD`, a day in India time. */
export const dateQuerySchema = z.preprocess(emptyToUndefined, text().refine(isCalendarDate, 'Use a date such as 2025-04-01').optional());

const FROM_AFTER_TO = { message: 'from must not be after to', path: ['from'] };
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) => q.from === undefined || q.to === undefined || q.from <= q.to;

// ---- Statements --------------------------------------------------------------------------

/** Whose statement and which days: a vendor or driver omits the id (its own); an admin names one. */
const statementPeriodShape = {
  vendor_id: optionalId('vendor_id'),
  driver_id: optionalId('driver_id'),
  from: dateQuerySchema,
  to: dateQuerySchema,
};

/**
 * GET /statements/. `from` missing: from the first entry; `to` missing: today. The sums
 * cover the whole period; `entries` is one page of it, oldest first (`limit`, `cursor`).
 */
export const statementQuerySchema = strictQuery({ ...statementPeriodShape, limit: listLimitSchema, cursor: idCursorSchema('bigint') })
  .refine(oneOwner, ONE_OWNER_ISSUE)
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type StatementQuery = z.input<typeof statementQuerySchema>;

/** GET /statements.csv: the same period, every entry, so no paging. */
export const statementCsvQuerySchema = strictQuery(statementPeriodShape).refine(oneOwner, ONE_OWNER_ISSUE).refine(fromNotAfterTo, FROM_AFTER_TO);
export type StatementCsvQuery = z.input<typeof statementCsvQuerySchema>;

/** closing_balance = opening_balance + credits + adjustments - payouts. */
export const statementSchema = z.object({
  vendor_id: idOutput.nullable(),
  driver_id: idOutput.nullable(),
  /** The vendor's company name or the driver's name. */
  name: text(),
  /** The dates covered, inclusive (India time). */
  from: text().nullable(),
  to: text(),
  opening_balance: rupees,
  /** Order credits in the period (and a driver's household payments, design.md section 21). */
  credits: rupees,
  /** Paid payouts in the period, as a positive number. */
  payouts: rupees,
  /** Adjustments in the period, signed. */
  adjustments: rupees,
  closing_balance: rupees,
  /** Orders credited in the period and their weight. */
  orders: z.number().int(),
  weight: kg,
  /**
   * One page of the period's entries, oldest first (as a statement reads); X-Total-Count
   * says how many the period holds and `Link: <...>; rel="next"` fetches the next page.
   */
  entries: z.array(ledgerEntrySchema),
});
export type Statement = z.infer<typeof statementSchema>;

// ---- Reconciliation ----------------------------------------------------------------------

export const RECONCILIATION_GROUPS = ['city', 'material', 'vendor'] as const;
export type ReconciliationGroup = (typeof RECONCILIATION_GROUPS)[number];

/** GET /reports/reconciliation: completed orders whose completion falls in [from, to] (India time). */
export const reconciliationQuerySchema = strictQuery({
  from: dateQuerySchema,
  to: dateQuerySchema,
  group: z.preprocess(emptyToUndefined, z.enum(RECONCILIATION_GROUPS, { error: `group must be one of ${RECONCILIATION_GROUPS.join(', ')}` }).default('city')),
}).refine(fromNotAfterTo, FROM_AFTER_TO);
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

const reconciliationSums = {
  orders: z.number().int(),
  weight: kg,
  vendor_amount: rupees,
  driver_amount: rupees,
  /** Weight x the b2c rate that stood when each line was priced. */
  b2c_value: rupees,
  /** b2c_value - vendor_amount - driver_amount. */
  margin: rupees,
};

export const reconciliationRowSchema = z.object({
  /** The city's, material's or vendor's id. */
  key: idOutput,
  name: text(),
  ...reconciliationSums,
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationTotalsSchema = z.object(reconciliationSums);
export type ReconciliationTotals = z.infer<typeof reconciliationTotalsSchema>;

/** The books over all time: every ledger adds up, and credits match completed orders. */
export const ledgerCheckSchema = z.object({
  /** Sum of all order credits (and drivers' household payments). */
  credited: rupees,
  /** Sum of all paid payouts, positive. */
  paid_out: rupees,
  /** Sum of all balances (vendor wallets and driver earnings). */
  balances: rupees,
  balanced: z.boolean(),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** What households were paid (design.md section 21): orders, weight and b2c amount. */
const householdPurchaseSums = {
  /** Pickups (per row: those with the row's material). */
  orders: z.number().int(),
  weight: kg,
  /** b2c rate x weight: what the drivers paid the households at the door. */
  b2c_amount: rupees,
};

export const householdPurchasesSchema = z.object({
  /** One row per city and material with household pickups in the range. */
  rows: z.array(
    z.object({
      city: z.object({ id: idOutput, name: text() }),
      material: z.object({ id: idOutput, name: text() }),
      ...householdPurchaseSums,
    }),
  ),
  totals: z.object(householdPurchaseSums),
});
export type HouseholdPurchases = z.infer<typeof householdPurchasesSchema>;

export const reconciliationSchema = z.object({
  group: z.enum(RECONCILIATION_GROUPS),
  from: text().nullable(),
  to: text().nullable(),
  /** The vendor side: stores' pickups (households' are under `households`). */
  rows: z.array(reconciliationRowSchema),
  totals: reconciliationTotalsSchema,
  /** Household purchases over the same days, beside the vendor side. */
  households: householdPurchasesSchema,
  ledger: ledgerCheckSchema,
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The columns of GET /reports/reconciliation.csv, in order. */
export const RECONCILIATION_CSV_COLUMNS = ['key', 'name', 'orders', 'weight', 'vendor_amount', 'driver_amount', 'b2c_value', 'margin'] as const;

// ---- GST invoices ------------------------------------------------------------------------

export const GST_RATES = [0, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];
export const HSN_CODE_PATTERN = /^\d{4}(\d{2}){0,2}$/;

export const invoicePartySchema = z.object({
  name: text(),
  gstin: text().nullable(),
  /** The party's state: that of its GSTIN when it has one, else that of its city. */
  state: text().nullable(),
  /** The two-digit GST state code of `state`. */
  state_code: text().nullable(),
  address: text(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const invoiceLineSchema = z.object({
  material: text(),
  hsn_code: text().nullable(),
  weight: kg,
  /** Rupees per kg. */
  rate: rupees,
  taxable_value: rupees,
  /** Percent. */
  gst_rate: z.number(),
  cgst: rupees,
  sgst: rupees,
  igst: rupees,
  /** taxable_value + cgst + sgst + igst. */
  total: rupees,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** GET /orders/{id}/invoice. */
export const invoiceSchema = z.object({
  number: text(),
  /** The day the order completed, India time, YYYY-MM-DD. */
  date: text(),
  order_id: idOutput,
  supplier: invoicePartySchema,
  recipient: invoicePartySchema,
  /** The recipient's state: where the goods are delivered. */
  place_of_supply: text().nullable(),
  /** True when the supplier has no GSTIN: the recipient pays the tax. */
  reverse_charge: z.boolean(),
  lines: z.array(invoiceLineSchema),
  taxable_total: rupees,
  cgst_total: rupees,
  sgst_total: rupees,
  igst_total: rupees,
  total: rupees,
  total_in_words: text(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_LANGUAGES = ['en', 'hi'] as const;
export type InvoiceLanguage = (typeof INVOICE_LANGUAGES)[number];
export const invoiceQuerySchema = strictQuery({
  lang: z.preprocess(emptyToUndefined, z.enum(INVOICE_LANGUAGES, { error: 'lang must be en or hi' }).optional()),
});
