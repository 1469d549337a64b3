import { z } from 'zod';
import { text } from './text';
import { idOutput } from './ids';
import { strictQuery } from './list';
import { orderEtaSchema, orderStatusSchema } from './orders';
import type { LiveEventName } from '../constants';

// The change feed of design.md section 12: `GET /events` is a Server-Sent Events stream.
// Each event carries `id:` (a number, increasing), `event:` (one of LIVE_EVENT_NAMES) and
// `data:` (one line of JSON, the schemas below). A reconnect that sends the last id it saw
// as `Last-Event-ID` gets every event after it that it may see (at least 10 minutes back).
// A comment line (": keep-alive") comes every 25 s. The data is a hint: refetch what it names.
// The names and the periods are in constants.ts: the web app's start-up reads them without zod.

/**
 * An order changed (status, lines, driver, photos): refetch lists, counts and its detail. Its
 * ETA changed (design.md section 19): `eta` holds the new one, to the order's store, vendor
 * and admins only, and the order's `updated_at` has not moved.
 */
export const orderLiveEventSchema = z.object({ id: idOutput, status: orderStatusSchema, updated_at: text().describe('ISO 8601 time, UTC'), eta: orderEtaSchema.optional() });
/** A notification was created for the signed-in member: refetch the bell. */
export const notificationLiveEventSchema = z.object({ id: idOutput });
/** The rate card changed: refetch rates and materials. */
export const ratesLiveEventSchema = z.object({ version: z.number().int() });

export const LIVE_EVENT_SCHEMAS = {
  order: orderLiveEventSchema,
  notification: notificationLiveEventSchema,
  rates: ratesLiveEventSchema,
} as const;
export type LiveEventData<N extends LiveEventName> = z.infer<(typeof LIVE_EVENT_SCHEMAS)[N]>;

/** POST /events/ticket: a one-minute, single-use ticket for `GET /events?ticket=...` (for a plain EventSource, which cannot send headers). */
export const eventTicketSchema = z.object({ ticket: text(), expires_at: text().describe('ISO 8601 time, UTC') });
export type EventTicket = z.infer<typeof eventTicketSchema>;

/** GET /events query: only `ticket`, when the Authorization header is not used. */
export const eventsQuerySchema = strictQuery({ ticket: text().max(4096).optional() });
