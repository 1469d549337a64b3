import { z } from 'zod';
import { handoverCodeSchema, paymentInputSchema } from '@app/shared/schemas/households';

// The driver completes a household's pickup for it (design.md section 21): with the code the
// household's SMS carries when it has no phone at hand, and always with how it was paid.
// The shared schemas are the API's own, so both sides say the same ("A UPI reference is 12 digits").

/** PATCH /orders/complete/{id}/ from `waiting_store`: the handover code and the payment. */
export const handoverFormSchema = z.object({ handover_code: handoverCodeSchema, payment: paymentInputSchema });
export type HandoverFormValues = z.input<typeof handoverFormSchema>;

/** PATCH /orders/complete/{id}/ from `waiting_driver` (the admin's corrections): the payment. */
export const paymentFormSchema = z.object({ payment: paymentInputSchema });
export type PaymentFormValues = z.input<typeof paymentFormSchema>;

/** A form's first values: no method yet (the driver says which, never a guess), no reference (shown only for UPI). */
export const EMPTY_PAYMENT = { method: undefined, reference: '' };
