import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { driverPositionSchema } from './geo';
import { idOutput, textId } from './ids';
import { emptyToUndefined, strictQuery } from './list';
import { text } from './text';

// The wire format of the admins' dispatch read (design.md section 19, "Dispatch").

/** GET /drivers/positions?city_id=N: the city is required. */
export const dispatchQuerySchema = strictQuery({
  city_id: z.preprocess(emptyToUndefined, textId('integer', { invalid: 'Choose a city: city_id is a whole number' })),
});
export type DispatchQuery = z.input<typeof dispatchQuerySchema>;

/** One driver of the city: its last position while it holds an order on the way, and what it holds. */
export const dispatchDriverSchema = z.object({
  driver_id: idOutput,
  name: text(),
  /** Only while the driver holds an order in `moving` or `arrived`; null otherwise (design.md section 19). */
  position: driverPositionSchema.nullable(),
  /** The orders the driver holds (neither pending, completed nor cancelled), oldest first. */
  orders: z.array(z.object({ id: idOutput, status: z.enum(ORDER_STATUSES) })),
});
export type DispatchDriver = z.infer<typeof dispatchDriverSchema>;
