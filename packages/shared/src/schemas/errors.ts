import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';

/** design.md section 4: every error answer, whatever the status. */
export const errorResponseSchema = z.object({
  detail: z.string().describe('A message for a person'),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('Field name (dotted path) -> what is wrong with it'),
  // A 409 for an order's status says it in codes too, so a client words it in its reader's language.
  order_status: z.enum(ORDER_STATUSES).optional().describe("On a 409 refusing an order's step: the order's status now"),
  allowed_statuses: z.array(z.enum(ORDER_STATUSES)).optional().describe("On a 409 refusing an order's step: the statuses the step needs"),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
