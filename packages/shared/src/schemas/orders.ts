import { z } from 'zod';
import { text } from './text';
import { isStorableTime } from './time-range';
import { CHART_GROUPS, CHART_METRICS, CUSTOMER_KINDS, ROLES } from '../constants';
import { completionBodySchema, orderReceiptSchema, paymentSchema } from './households';
import { addressSchema } from './auth';
import { locationInputSchema } from './geo';
import { parseWeightKg } from '../money';
import { ORDER_ACTIONS, type TransitionBody } from '../order-machine';
import { ORDER_STATUSES, isOrderStatus, type OrderStatus } from '../order-status';
import { emptyToUndefined, listCursorSchema, listLimitSchema, orderingSchema, strictQuery } from './list';
import { bodyId, idOutput, queryId, textId } from './ids';
import { geoPointSchema, occurredAtSchema, positionInputSchema } from './geo';
import { roundDegrees, type GeoPoint } from '../geo';
import { ORDER_ORDERING_FIELDS } from '../list-ordering';

// The wire format of orders (design.md section 7). Money is rupees and weight kg as JSON
// numbers; the API keeps integer paise and grams and converts only here, at the edge.
// The API validates and documents its routes with these schemas, and the web app builds
// its forms and reads its answers with the same ones, so both sides give one message.

/** A pickup lists each material once, and a few dozen at most. */
export const MAX_ORDER_LINES = 50;
export const ORDER_NOTE_MAX = 1000;
export const ORDER_REASON_MAX = 1000;
/** What the store says is wrong when it calls the admin: a short text (decision 031). */
export const CALL_ADMIN_REASON_MAX = 500;
/**
 * @deprecated The export streams every row now (design.md section 13) and never truncates;
 * kept until the web app stops warning about it.
 */
export const ORDER_EXPORT_MAX_ROWS = 10_000;
/** Photos one order may carry. */
export const ORDER_IMAGES_MAX = 20;
/** The columns of GET /orders/export.csv, in order. */
export const ORDER_CSV_COLUMNS = [
  'Display number',
  'Created at',
  'Store',
  'City',
  'Status',
  'Total weight (kg)',
  'Vendor amount (INR)',
  'Driver amount (INR)',
] as const;

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const orderActionSchema = z.enum(ORDER_ACTIONS);
/** What an event records: the creation, or one of the transition actions. */
export const orderEventActionSchema = z.enum(['create', ...ORDER_ACTIONS]);

const timeOutput = text().describe('ISO 8601 time, UTC');
const rupees = z.number().describe('Indian rupees, at most 2 decimals');

// ---- Answers ---------------------------------------------------------------------------

/** The material of a line, with its default per-kg rates (as GET /materials answers them). */
export const orderMaterialSchema = z.object({
  id: idOutput,
  name: text(),
  vendor_rate: rupees,
  driver_rate: rupees,
  b2c_rate: rupees,
});
export type OrderMaterial = z.infer<typeof orderMaterialSchema>;

export const orderLineSchema = z.object({
  id: idOutput,
  material: orderMaterialSchema,
  /** Kilograms (at most 3 decimals); null until weighed. */
  weight: z.number().nullable(),
  /** The vendor rate per kg of the store's city when the line was priced. */
  rate: rupees,
  /** The driver rate per kg of the store's city when the line was priced. */
  driver_rate: rupees,
  /** rate x weight, rounded half up to the paisa; 0 until weighed. */
  amount: rupees,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderStoreSchema = z.object({
  id: idOutput,
  name: text(),
  /** Where the driver goes. */
  address: text(),
  phone: text().nullable(),
  /** The store's pin (design.md section 18); null until the store or an admin sets it. */
  location: geoPointSchema.nullable(),
  city_id: idOutput,
  vendor_id: idOutput.nullable(),
});

export const orderDriverSchema = z.object({
  id: idOutput,
  name: text(),
  phone: text().nullable(),
  vehicle_number: text(),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const isCalendarDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** When the store wants the pickup: a day and one of Settings -> Order's slots, India time. */
export const pickupSlotSchema = z.object({
  date: text().describe('YYYY-MM-DD, India time'),
  from: text().describe('HH:MM, India time'),
  to: text().describe('HH:MM, India time'),
});
export type PickupSlot = z.infer<typeof pickupSlotSchema>;

/** `pickup_slot` as a store sends it; the API checks it is one of the slots offered now (400 naming `pickup_slot`). */
export const pickupSlotInputSchema = z.strictObject(
  {
    date: text().refine(isCalendarDay, 'Use a day such as 2026-12-06'),
    from: text().regex(TIME_OF_DAY, 'Use a 24-hour time such as 09:30'),
    to: text().regex(TIME_OF_DAY, 'Use a 24-hour time such as 12:00'),
  },
  { error: 'Choose a pickup slot: {"date": "YYYY-MM-DD", "from": "HH:MM", "to": "HH:MM"}' },
);
export type PickupSlotInput = z.input<typeof pickupSlotInputSchema>;

/**
 * How far the driver of a `moving` order is from its store and how long it should take
 * (design.md section 19), from the driver's last position: road km and whole minutes
 * (straight line x 1.4 at 18 km/h, or the routing server's answer when ROUTING_URL is set).
 */
export const orderEtaSchema = z.object({
  /** Road km to the store, 2 decimals. */
  distance_km: z.number(),
  /** Whole minutes, at least 1. */
  minutes: z.number().int(),
  /** When the driver's phone measured the position it comes from. */
  at: timeOutput,
});
export type OrderEta = z.infer<typeof orderEtaSchema>;

export const orderSchema = z.object({
  id: idOutput,
  /** "#00000042" */
  display_number: text(),
  status: orderStatusSchema,
  /** product-spec.md section 4: "Onmoving", "Waiting admin", ... */
  status_label: text(),
  /** A store of a vendor, or a household selling at the b2c rate (design.md section 21). */
  customer_kind: z.enum(CUSTOMER_KINDS),
  /** The store, or the household's home for a household's pickup. */
  store: orderStoreSchema,
  city_id: idOutput,
  /** Null for a household's pickup. */
  vendor_id: idOutput.nullable(),
  driver: orderDriverSchema.nullable(),
  details: z.array(orderLineSchema),
  /** Kilograms, the sum of the weighed lines. */
  total_weight: z.number(),
  /** The sum of the lines' amounts: what the vendor is credited, or for a household what it is paid (the b2c amount). */
  vendor_amount: rupees,
  /** The sum of driver rate x weight over the lines. */
  driver_amount: rupees,
  note: text().nullable(),
  /** The slot the store chose; null: any time in the pickup window. */
  pickup_slot: pickupSlotSchema.nullable(),
  /**
   * While the order is `moving`: the driver's distance and time to the store; null otherwise
   * (not moving, no position yet, or no pin on the store). Only in answers to the order's
   * store, its vendor and admins; absent from a driver's.
   */
  eta: orderEtaSchema.nullable().optional(),
  /** Only with `near`: straight-line km from there to the store, 2 decimals; null when the store has no pin. */
  distance_km: z.number().nullable().optional(),
  /** A household's pickup once completed: how the driver paid it; null otherwise. */
  payment: paymentSchema.nullable(),
  /** A household's pickup once completed: its receipt; null otherwise. */
  receipt: orderReceiptSchema.nullable(),
  created_at: timeOutput,
  updated_at: timeOutput,
  image_count: z.number().int(),
});
export type Order = z.infer<typeof orderSchema>;

/** A line as an event remembers it: the material's name then, and the prices then. */
export const orderEventLineSchema = z.object({
  id: idOutput.nullable(),
  material_id: idOutput,
  material_name: text(),
  weight: z.number().nullable(),
  rate: rupees,
  driver_rate: rupees,
  amount: rupees,
});
export type OrderEventLine = z.infer<typeof orderEventLineSchema>;

export const orderEventSchema = z.object({
  id: idOutput,
  action: orderEventActionSchema,
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema,
  actor: z.object({ id: idOutput, name: text(), role: z.enum(ROLES) }).nullable(),
  reason: text().nullable(),
  lines_before: z.array(orderEventLineSchema).nullable(),
  lines_after: z.array(orderEventLineSchema).nullable(),
  /** When the step was taken (the driver's `occurred_at`, else when it was received). */
  occurred_at: timeOutput,
  /** An arrival: metres from the store's pin to where the phone was; null when either is unknown or for other steps. */
  arrived_distance_m: z.number().int().nullable(),
  /** When the server received the step. */
  created_at: timeOutput,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderImageSchema = z.object({
  id: idOutput,
  /** Path on the API (prefix the API base URL); fetch it with the bearer token. */
  url: text(),
  created_at: timeOutput,
});
export type OrderImage = z.infer<typeof orderImageSchema>;

/** GET /orders/{id}/: the order with its history (oldest first) and its photos. */
export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  images: z.array(orderImageSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderImageUploadSchema = z.object({ id: idOutput, url: text() });

/** GET /orders/counts: every status, with 0 where there is none. */
export const orderCountsSchema = z.record(orderStatusSchema, z.number().int());
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** GET /orders/stats: one bucket per month ("2024-05") or day ("2024-05-17"), India time, gaps filled with 0. */
export const orderStatsSchema = z.array(z.object({ period: text(), value: z.number() }));
export type OrderStats = z.infer<typeof orderStatsSchema>;

// ---- Requests --------------------------------------------------------------------------

/**
 * A weight in kg, as a JSON number or decimal text: > 0, at most 100000, at most 3
 * decimals. Checked by the same parser the API uses to turn it into grams, so the
 * message names the line (`details.0.weight`) whatever is wrong.
 */
export const weightKgSchema = z
  .custom<number | string>((value) => parseWeightKg(value).ok, {
    error: (issue) => {
      const parsed = parseWeightKg(issue.input);
      return parsed.ok ? 'Invalid weight' : parsed.message;
    },
  })
  .meta({ anyOf: [{ type: 'number' }, { type: 'string' }], description: 'Kilograms: > 0, at most 100000, at most 3 decimals' });

const materialIdInput = bodyId('integer', { invalid: 'Choose a material' });
const lineIdInput = bodyId('bigint', { invalid: 'A line id is a whole number' });

/** Each material once per order; each line id once. The issue names the later line. */
function uniqueLines(lines: ReadonlyArray<{ material_id: number; id?: number | undefined }>, ctx: z.RefinementCtx): void {
  const materials = new Map<number, number>();
  const ids = new Map<number, number>();
  lines.forEach((line, index) => {
    const sameMaterial = materials.get(line.material_id);
    if (sameMaterial !== undefined) {
      ctx.addIssue({ code: 'custom', path: [index, 'material_id'], message: `This material is already on line ${sameMaterial + 1}; weigh it once` });
    } else {
      materials.set(line.material_id, index);
    }
    if (line.id === undefined) return;
    const sameId = ids.get(line.id);
    if (sameId !== undefined) {
      ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Line ${line.id} is already given as line ${sameId + 1}` });
    } else {
      ids.set(line.id, index);
    }
  });
}

function linesSchema<T extends z.ZodType<{ material_id: number; id?: number | undefined }>>(line: T) {
  return z
    .array(line)
    .min(1, 'Add at least one material')
    .max(MAX_ORDER_LINES, `An order may have at most ${MAX_ORDER_LINES} lines`)
    .superRefine(uniqueLines);
}

/** POST /orders/: a store asks for a pickup; an estimated weight is optional. */
export const createOrderBodySchema = z.object({
  details: linesSchema(z.object({ material_id: materialIdInput, weight: weightKgSchema.optional() })),
  note: text().trim().max(ORDER_NOTE_MAX, `A note may have at most ${ORDER_NOTE_MAX} characters`).nullish(),
  /** One of the slots Settings -> Order offers (design.md section 18); absent or null: any time. */
  pickup_slot: pickupSlotInputSchema.nullish(),
  /** A household only: where to come, replacing its home's address and pin (its own by default). A store's is 400. */
  address: addressSchema.optional(),
  location: locationInputSchema.nullish(),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

/** PATCH /orders/waiting_store/{id}/: the driver's weighed lines replace the lines. */
export const weighedLinesBodySchema = z.object(
  { details: linesSchema(z.object({ id: lineIdInput.optional(), material_id: materialIdInput, weight: weightKgSchema })), occurred_at: occurredAtSchema.optional() },
  { error: 'Send the weighed lines: {"details": [{"id", "material_id", "weight"}], "occurred_at"?}' },
);
export type WeighedLinesBody = z.input<typeof weighedLinesBodySchema>;

/** PATCH /orders/waiting_driver/{id}/: the admin's corrected lines replace the lines. */
export const adminLinesBodySchema = z.object(
  {
    details: linesSchema(
      z.object({
        id: lineIdInput.optional(),
        material_id: materialIdInput,
        weight: weightKgSchema,
        amount: z.union([z.number(), text()]).nullish().describe('Accepted and ignored: the server prices every line'),
      }),
    ),
    /** A driver of the order's city who takes the order in this step: required when no driver holds it (a pending order). */
    driver_id: bodyId('integer', { invalid: 'Choose a driver' }).nullish(),
  },
  { error: 'Send the corrected lines: {"details": [{"id", "material_id", "weight", "amount"}], "driver_id"?}' },
);
export type AdminLinesBody = z.input<typeof adminLinesBodySchema>;

export const issueBodySchema = z.object(
  {
    reason: text({ error: 'Say what the issue is' })
      .trim()
      .min(1, 'Say what the issue is')
      .max(ORDER_REASON_MAX, `A reason may have at most ${ORDER_REASON_MAX} characters`),
    occurred_at: occurredAtSchema.optional(),
  },
  { error: 'Say what the issue is: {"reason": "...", "occurred_at"?}' },
);
export type IssueBody = z.input<typeof issueBodySchema>;

export const cancelBodySchema = z
  .object({ reason: text().trim().max(ORDER_REASON_MAX, `A reason may have at most ${ORDER_REASON_MAX} characters`).nullish() })
  // No payload at all reaches the route as null.
  .nullish();
export type CancelBody = z.input<typeof cancelBodySchema>;

/** What is wrong with the weighed lines, in the store's words: trimmed, 1 to CALL_ADMIN_REASON_MAX characters. */
export const callAdminReasonSchema = text({ error: 'Say what is wrong' })
  .trim()
  .min(1, 'Say what is wrong')
  .max(CALL_ADMIN_REASON_MAX, `A reason may have at most ${CALL_ADMIN_REASON_MAX} characters`);

/** The store's "Call admin" form: the reason is required there. */
export const callAdminFormSchema = z.object({ reason: callAdminReasonSchema });
export type CallAdminForm = z.input<typeof callAdminFormSchema>;

/**
 * PATCH /orders/waiting_admin/{id}/: the spec sends no payload, and that still works; a
 * `{reason}` goes into the order's history and the admins' notification (decision 031).
 */
export const callAdminBodySchema = z
  .object({ reason: callAdminReasonSchema.optional() }, { error: 'Send no body, or what is wrong: {"reason": "..."}' })
  // No payload at all reaches the route as null.
  .nullish();
export type CallAdminBody = z.input<typeof callAdminBodySchema>;

/**
 * A step that carries nothing but, optionally, when it was taken: none, {} or {"occurred_at"}
 * (a retry's body is hashed, so it may not be just anything).
 */
export const stepBodySchema = z.strictObject({ occurred_at: occurredAtSchema.optional() }, { error: 'This step takes no body, or {"occurred_at": "..."}' }).nullish();
export type StepBody = z.input<typeof stepBodySchema>;

/** PATCH /orders/arrived/{id}/: where the phone was and when (both optional; never refused for the distance). */
export const arrivalBodySchema = z
  .strictObject({ position: positionInputSchema.optional(), occurred_at: occurredAtSchema.optional() }, { error: 'Send no body, or {"position"?: {"lat", "lng", "accuracy_m"?}, "occurred_at"?}' })
  .nullish();
export type ArrivalBody = z.input<typeof arrivalBodySchema>;

/** The body schema of each kind of transition in TRANSITIONS. */
export const TRANSITION_BODY_SCHEMAS = {
  step: stepBodySchema,
  arrival: arrivalBodySchema,
  weighed_lines: weighedLinesBodySchema,
  admin_lines: adminLinesBodySchema,
  reason: issueBodySchema,
  optional_reason: cancelBodySchema,
  call_reason: callAdminBodySchema,
  completion: completionBodySchema,
} as const satisfies Record<TransitionBody, z.ZodType>;

// ---- Query strings ---------------------------------------------------------------------

const optionalId = (name: string) => queryId('integer', { invalid: `${name} must be a whole number` });

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;

function isIsoTime(value: string): boolean {
  if (!ISO_TIME.test(value) || !isStorableTime(Date.parse(value))) return false;
  // JS reads 2024-02-30 as 1 March; the day must be one the calendar has.
  const day = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value.slice(0, 10);
}

/** An ISO 8601 date ("2024-05-01", UTC midnight) or a time with its zone ("2024-05-01T00:00:00+05:30"). */
export const isoTimeQuerySchema = z.preprocess(
  emptyToUndefined,
  text().refine(isIsoTime, 'Use an ISO 8601 time with its zone, such as 2024-05-01T00:00:00Z').optional(),
);

/** `status=pending,accepted`: a comma list, each one checked. */
export const statusListQuerySchema = z.preprocess(
  emptyToUndefined,
  text()
    .max(400)
    .transform((text, ctx): OrderStatus[] => {
      const items = [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
      const unknown = items.filter((s) => !isOrderStatus(s));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown status ${unknown.map((s) => `"${s}"`).join(', ')}; use ${ORDER_STATUSES.join(', ')}` });
        return z.NEVER;
      }
      return items as OrderStatus[];
    })
    .optional(),
);

/** What a list of orders may be narrowed by; the same for the list, the counts, the charts and the export. */
export const orderFiltersShape = {
  status: statusListQuerySchema,
  store_id: optionalId('store_id'),
  vendor_id: optionalId('vendor_id'),
  driver_id: optionalId('driver_id'),
  city_id: optionalId('city_id'),
  /** A store's pickups or a household's (design.md section 21). */
  customer_kind: z.preprocess(emptyToUndefined, z.enum(CUSTOMER_KINDS, { error: 'customer_kind is store or household' }).optional()),
  created_at__gt: isoTimeQuerySchema,
  created_at__lt: isoTimeQuerySchema,
  /** A display number ("#00000042" or "42") or part of the store's name, any case. */
  search: z.preprocess(emptyToUndefined, text().trim().max(100, 'search may have at most 100 characters').optional()),
  /** Orders whose pickup slot is on this day (YYYY-MM-DD, India time). */
  // A year the database takes too: 0000-01-01 is a calendar day to JS, not to PostgreSQL.
  pickup_date: z.preprocess(
    emptyToUndefined,
    text()
      .refine((day) => isCalendarDay(day) && isStorableTime(Date.parse(day)), 'pickup_date is a day such as 2026-12-06')
      .optional(),
  ),
};
export const orderFiltersSchema = strictQuery(orderFiltersShape);
export type OrderFilters = z.input<typeof orderFiltersSchema>;

/** What GET /orders sorts by (design.md section 13). */
export { ORDER_DEFAULT_ORDERING, ORDER_ORDERING_FIELDS, type OrderOrdering, type OrderOrderingField } from '../list-ordering';
export const orderOrderingSchema = orderingSchema(ORDER_ORDERING_FIELDS);

/** GET /orders/export.csv: the list's filters and sort, every row. */
export const orderExportQuerySchema = strictQuery({ ...orderFiltersShape, ordering: orderOrderingSchema });
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

const NEAR = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * `near=LAT,LNG` (degrees): each order gets `distance_km` to its store and the list is ordered
 * by it, nearest first, stores without a pin last (design.md section 18). It takes the place of `ordering`.
 */
export const nearQuerySchema = z.preprocess(
  emptyToUndefined,
  text()
    .transform((value, ctx): GeoPoint => {
      const match = NEAR.exec(value);
      const lat = match ? Number(match[1]) : NaN;
      const lng = match ? Number(match[2]) : NaN;
      if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
        ctx.addIssue({ code: 'custom', message: 'near is LAT,LNG in degrees, such as 18.5204,73.8567' });
        return z.NEVER;
      }
      return { lat: roundDegrees(lat), lng: roundDegrees(lng) };
    })
    .optional(),
);

export const orderListQuerySchema = strictQuery({ ...orderFiltersShape, ordering: orderOrderingSchema, near: nearQuerySchema, limit: listLimitSchema, cursor: listCursorSchema });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

const { status: _status, ...countFilters } = orderFiltersShape;
export const orderCountsQuerySchema = strictQuery(countFilters);

export const orderStatsQuerySchema = strictQuery({
  ...orderFiltersShape,
  group: z.preprocess(emptyToUndefined, z.enum(CHART_GROUPS).default('month')),
  /** `count`: orders created; `vendor_amount`: rupees of completed orders unless `status` says otherwise. */
  metric: z.preprocess(emptyToUndefined, z.enum(CHART_METRICS).default('count')),
  /** First bucket; default: 12 months back (month) or 30 days back (day). */
  since: isoTimeQuerySchema,
});
export type OrderStatsQuery = z.input<typeof orderStatsQuerySchema>;

const orderIdParam = textId('bigint', { invalid: 'An order id is a whole number' });

export const orderIdParamsSchema = z.object({ id: orderIdParam });
export const orderImageParamsSchema = z.object({ id: orderIdParam, image_id: orderIdParam });
