import { z } from 'zod';
import { addressSchema, cityIdSchema, personNameSchema } from './auth';
import { geoPointSchema, locationInputSchema, occurredAtSchema } from './geo';
import { idOutput } from './ids';
import { text } from './text';

const timeOutput = text().describe('ISO 8601 time, UTC');
const rupees = z.number().describe('Indian rupees, at most 2 decimals');

// Households sell their scrap (design.md section 21): their home, how they were paid at
// the door, and the receipt they get.

/** GET /households/me: where the driver comes. */
export const householdSchema = z.object({
  id: idOutput,
  name: text(),
  phone: text().nullable(),
  city_id: idOutput,
  address: text(),
  location: geoPointSchema.nullable(),
});
export type Household = z.infer<typeof householdSchema>;

/** The driver finds a home by its pin: once set it is moved, never taken away (PATCH /households/me, a booking). */
export const HOME_PIN_KEPT = 'A home\'s pin can be moved, not removed: the driver finds your home by it';
/** A home moves city only with nothing open there: its open pickups stand in the old city's lists. */
export const HOME_CITY_WITH_OPEN_PICKUPS = 'Finish or cancel your open pickups before moving to another city';

/** PATCH /households/me: any of these. */
export const householdUpdateSchema = z.strictObject(
  {
    name: personNameSchema.optional(),
    city_id: cityIdSchema.optional(),
    address: addressSchema.optional(),
    location: locationInputSchema.nullish().refine((point) => point !== null, HOME_PIN_KEPT),
  },
  { error: 'Send what changes: {"name"?, "city_id"?, "address"?, "location"?}' },
);
export type HouseholdUpdate = z.input<typeof householdUpdateSchema>;

export const PAYMENT_METHODS = ['cash', 'upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const UPI_REFERENCE_LENGTH = 12;
export const UPI_REFERENCE_MESSAGE = `A UPI reference is ${UPI_REFERENCE_LENGTH} digits`;
export const HANDOVER_CODE_LENGTH = 6;

/** How the household was paid at the door: cash, or UPI with the 12-digit reference (UTR) the payer's app shows. */
export const paymentInputSchema = z
  .object(
    {
      method: z.enum(PAYMENT_METHODS, { error: 'Choose cash or UPI' }),
      reference: text().trim().nullish(),
    },
    { error: 'Say how the household was paid: {"method": "cash"} or {"method": "upi", "reference": "123456789012"}' },
  )
  .superRefine((payment, ctx) => {
    const reference = payment.reference ?? '';
    if (payment.method === 'upi' && !new RegExp(`^\\d{${UPI_REFERENCE_LENGTH}}$`).test(reference)) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: UPI_REFERENCE_MESSAGE });
    }
    if (payment.method === 'cash' && reference !== '') {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'Cash has no reference: leave it empty' });
    }
  })
  .transform((payment) => ({ method: payment.method, reference: payment.method === 'upi' ? (payment.reference ?? null) : null }));
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = z.object({ method: z.enum(PAYMENT_METHODS), reference: text().nullable() });
export type Payment = z.infer<typeof paymentSchema>;

export const handoverCodeSchema = text({ error: 'Enter the code from the household\'s SMS' })
  .trim()
  .regex(new RegExp(`^\\d{${HANDOVER_CODE_LENGTH}}$`), `Enter the ${HANDOVER_CODE_LENGTH}-digit code from the household's SMS`);

/**
 * PATCH /orders/complete/{id}/ of a household's pickup: the household approving on its phone
 * sends `payment`; the driver, when the household has no phone at hand, also the handover code.
 * A store's pickup sends no payment (the API answers 400 naming `payment`).
 */
export const completionBodySchema = z
  .strictObject(
    { payment: paymentInputSchema.optional(), handover_code: handoverCodeSchema.optional(), occurred_at: occurredAtSchema.optional() },
    { error: 'Send {"payment"?: {"method", "reference"?}, "handover_code"?, "occurred_at"?}' },
  )
  .nullish();
export type CompletionBody = z.input<typeof completionBodySchema>;

/** An order's receipt, as it shows on the order (number and when). */
export const orderReceiptSchema = z.object({ number: text(), issued_at: timeOutput });
export type OrderReceipt = z.infer<typeof orderReceiptSchema>;


/** GET /orders/{id}/receipt: what the household was paid for what (design.md section 21). */
export const receiptSchema = z.object({
  /** "RCPT/2026-27/000001": gap-free per financial year (April to March, India time). */
  number: text(),
  issued_at: timeOutput,
  order_id: idOutput,
  display_number: text(),
  household: z.object({ name: text(), phone: text().nullable(), address: text() }),
  /**
   * Who bought: the company as Settings -> Information said when the receipt was issued
   * (what is not given is null); null on receipts issued before receipts recorded it.
   */
  company: z.object({ name: text(), address: text().nullable(), phone: text().nullable(), gstin: text().nullable() }).nullable(),
  lines: z.array(
    z.object({
      material: z.object({ id: idOutput, name: text(), name_hi: text().nullable() }),
      weight: z.number(),
      rate: rupees,
      amount: rupees,
    }),
  ),
  total_weight: z.number(),
  total: rupees,
  payment: paymentSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

/** GET /rates?city_id=&rate_type=b2c without a token: the public rates of one city (or all). */
export const RATES_PUBLIC_MAX_AGE_S = 60;
