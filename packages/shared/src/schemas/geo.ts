import { z } from 'zod';
import { INDIA_BOUNDS, isInIndia, roundDegrees, type GeoPoint } from '../geo';
import { text } from './text';
import { isStorableTime } from './time-range';

// The wire format of places and step times (design.md section 18).

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDegrees = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const LOCATION_MESSAGE = `Give a place in India: {"lat": ${INDIA_BOUNDS.lat.min} to ${INDIA_BOUNDS.lat.max}, "lng": ${INDIA_BOUNDS.lng.min} to ${INDIA_BOUNDS.lng.max}} in degrees`;

/** A point in answers: WGS84 degrees, 6 decimals. */
export const geoPointSchema = z.object({ lat: z.number().describe('Latitude, degrees'), lng: z.number().describe('Longitude, degrees') });

/**
 * A store's location as sent: `{lat, lng}` inside India, rounded to 6 decimals. Every problem
 * names the field itself (`location`), whichever part is wrong.
 */
export const locationInputSchema = z
  .custom<GeoPoint>((value) => isObject(value) && isDegrees(value.lat) && isDegrees(value.lng) && isInIndia({ lat: value.lat, lng: value.lng }), { error: LOCATION_MESSAGE })
  .transform((point): GeoPoint => ({ lat: roundDegrees(point.lat), lng: roundDegrees(point.lng) }))
  .meta({
    type: 'object',
    properties: { lat: { type: 'number', minimum: INDIA_BOUNDS.lat.min, maximum: INDIA_BOUNDS.lat.max }, lng: { type: 'number', minimum: INDIA_BOUNDS.lng.min, maximum: INDIA_BOUNDS.lng.max } },
    required: ['lat', 'lng'],
    description: 'WGS84 degrees inside India, kept to 6 decimals',
  });

/** Where the driver's phone was when a step was taken: anywhere on Earth (a phone's GPS may be off). */
export const positionInputSchema = z.strictObject(
  {
    lat: z.number({ error: 'lat is a number of degrees' }).min(-90, 'lat is -90 to 90').max(90, 'lat is -90 to 90').transform(roundDegrees),
    lng: z.number({ error: 'lng is a number of degrees' }).min(-180, 'lng is -180 to 180').max(180, 'lng is -180 to 180').transform(roundDegrees),
    /** The phone's own estimate of its error, metres. */
    accuracy_m: z.number({ error: 'accuracy_m is a number of metres' }).min(0, 'accuracy_m is 0 or more').max(1_000_000, 'accuracy_m is at most 1000000').optional(),
  },
  { error: 'Send the position as {"lat", "lng", "accuracy_m"?}' },
);
export type PositionInput = z.input<typeof positionInputSchema>;

/** How far into the future a step's time may lie: phones' clocks drift. */
export const OCCURRED_AT_GRACE_MS = 2 * 60_000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/** Date.parse takes "2026-02-30" as 2 March; such a day is refused, not moved. */
function isCalendarDay(value: string): boolean {
  const day = Date.parse(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(day) && new Date(day).toISOString().slice(0, 10) === value.slice(0, 10);
}

/** An instant a phone sends (ISO 8601 with its zone); `field` names it in the message for a non-text value. */
const phoneTimeSchema = (field: string) =>
  text({ error: `${field} is an ISO 8601 time` }).refine(
    (value) => ISO_INSTANT.test(value) && isStorableTime(Date.parse(value)) && isCalendarDay(value),
    'Use an ISO 8601 time with its zone, such as 2026-12-06T09:30:00+05:30',
  );

/**
 * When a driver took a step (ISO 8601 with its zone), sent by the outbox for a step taken
 * offline. The API also refuses a time in the future or before the order's previous step.
 */
export const occurredAtSchema = phoneTimeSchema('occurred_at').describe('When the step was taken, ISO 8601 with its zone; default: when the server receives it');

/**
 * POST /drivers/me/position (design.md section 19): where the phone of a driver on the way
 * is, and when it measured that. The API refuses `at` more than OCCURRED_AT_GRACE_MS after
 * its own clock (400 naming `at`), like a step's time.
 */
export const driverPositionBodySchema = z.strictObject(
  {
    ...positionInputSchema.shape,
    at: phoneTimeSchema('at').describe('When the phone measured the position, ISO 8601 with its zone'),
  },
  { error: 'Send the position as {"lat", "lng", "accuracy_m"?, "at"}' },
);
export type DriverPositionBody = z.input<typeof driverPositionBodySchema>;

/** A driver's last position as the admins' dispatch view reads it. */
export const driverPositionSchema = z.object({
  lat: z.number().describe('Latitude, degrees'),
  lng: z.number().describe('Longitude, degrees'),
  accuracy_m: z.number().nullable().describe("The phone's own estimate of its error, metres; null when it gave none"),
  at: text().describe('When the phone measured it, ISO 8601, UTC'),
});
export type DriverPosition = z.infer<typeof driverPositionSchema>;
