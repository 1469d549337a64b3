import { z } from 'zod';
import { text } from './text';
import { LANGUAGES, WEIGHT_MAX_DECIMALS, WEIGHT_MAX_KG, type Language } from '../constants';
import { contactPhoneSchema } from './phone';
import { gstinOrEmptySchema } from './gstin';

// The wire format of the settings screens: one value per key, each with its own schema.
// GET answers `{key, value, updated_at}`; PUT sends the whole value and answers the same.
// A key never saved answers its default (updated_at null).

/** Keys an admin writes; `privacy` and `terms` are also readable without signing in. */
export const SETTING_KEYS = ['order', 'information', 'privacy', 'terms'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = ['privacy', 'terms'];

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDaySchema = text().regex(TIME_OF_DAY, 'Use a 24-hour time such as 09:30');

function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A time of day a pickup may happen in, India time: `from` before `to` ("HH:MM", 24-hour). */
export const pickupSlotTimesSchema = z
  .strictObject({ from: timeOfDaySchema, to: timeOfDaySchema }, { error: 'A slot is {"from": "HH:MM", "to": "HH:MM"}' })
  .refine((slot) => !TIME_OF_DAY.test(slot.from) || !TIME_OF_DAY.test(slot.to) || slot.from < slot.to, { path: ['to'], message: 'A slot must end after it starts' });
export type PickupSlotTimes = z.infer<typeof pickupSlotTimesSchema>;

export const PICKUP_SLOTS_MAX = 12;
export const SLOT_DAYS_AHEAD_MAX = 14;

/** PUT /settings/order: the rules new orders follow. */
export const orderSettingsSchema = z
  .object({
    /** A pending order no driver accepted is cancelled after this many hours; 0 never. */
    auto_cancel_after_hours: z.number().int('Use whole hours').min(0, 'Use 0 (never) or more hours').max(720, 'Use at most 720 hours (30 days)'),
    /** The smallest estimated total weight a store may ask a pickup for; 0 no minimum. */
    min_order_weight_kg: z
      .number()
      .min(0, 'Use 0 (no minimum) or more kg')
      .max(WEIGHT_MAX_KG, `Use at most ${WEIGHT_MAX_KG} kg`)
      .refine((v) => hasAtMostDecimals(v, WEIGHT_MAX_DECIMALS), `Use at most ${WEIGHT_MAX_DECIMALS} decimals`),
    /** Pickups happen between these local times ("HH:MM", 24-hour). */
    pickup_window_start: timeOfDaySchema,
    pickup_window_end: timeOfDaySchema,
    /** An order standing this long in waiting_store, waiting_admin or issue opens one escalation; 0 never. Absent: the default. */
    escalate_after_hours: z.number().int('Use whole hours').min(0, 'Use 0 (never) or more hours').max(720, 'Use at most 720 hours (30 days)').default(4),
    /** A driver's weighed lines need at least one photo of the load on the order. Absent: the default. */
    weighing_photo_required: z.boolean().default(true),
    /** The times of day a store may choose for its pickup (design.md section 18); none: any time. Absent: none. */
    pickup_slots: z.array(pickupSlotTimesSchema).max(PICKUP_SLOTS_MAX, `Use at most ${PICKUP_SLOTS_MAX} slots`).default([]),
    /** How many days after today a store may choose a slot on (0: today only). Absent: 2. */
    slot_days_ahead: z.number().int('Use whole days').min(0, 'Use 0 (today only) or more days').max(SLOT_DAYS_AHEAD_MAX, `Use at most ${SLOT_DAYS_AHEAD_MAX} days`).default(2),
    /** A driver who marks arrival farther than this from the store's pin is reported to the admins (metres). Absent: 300. */
    arrival_radius_m: z.number().int('Use whole metres').min(10, 'Use at least 10 m').max(100_000, 'Use at most 100000 m').default(300),
  })
  // "HH:MM" strings compare like times. A malformed time already has its own message.
  .refine((v) => !TIME_OF_DAY.test(v.pickup_window_start) || !TIME_OF_DAY.test(v.pickup_window_end) || v.pickup_window_start < v.pickup_window_end, {
    path: ['pickup_window_end'],
    message: 'The window must end after it starts',
  })
  .superRefine((v, ctx) => {
    // Slots lie inside the pickup window, in order, without overlapping one another.
    const valid = (slot: PickupSlotTimes) => TIME_OF_DAY.test(slot.from) && TIME_OF_DAY.test(slot.to) && slot.from < slot.to;
    // A window that is itself wrong has its own message; the slots are not measured against it.
    const pickupWindow = { from: v.pickup_window_start, to: v.pickup_window_end };
    v.pickup_slots.forEach((slot, index) => {
      if (!valid(slot)) return;
      if (valid(pickupWindow) && (slot.from < pickupWindow.from || slot.to > pickupWindow.to)) {
        ctx.addIssue({ code: 'custom', path: ['pickup_slots', index], message: `Keep the slot inside the pickup window (${v.pickup_window_start}-${v.pickup_window_end})` });
      }
      const before = v.pickup_slots[index - 1];
      if (before && valid(before) && slot.from < before.to) {
        ctx.addIssue({ code: 'custom', path: ['pickup_slots', index], message: 'List the slots from the earliest, without overlaps' });
      }
    });
  });
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

export const INVOICE_PREFIX_DEFAULT = 'INV';
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9][A-Z0-9-]{0,9}$/;

/** PUT /settings/information: the company shown on screens and documents. Empty text means "not given". */
export const informationSettingsSchema = z.object({
  name: text().trim().min(1, 'Enter the company name').max(160, 'Use at most 160 characters'),
  address: text().trim().max(500, 'Use at most 500 characters'),
  phone: z.union([z.literal(''), contactPhoneSchema]),
  email: z.union([z.literal(''), text().trim().toLowerCase().max(254, 'Use at most 254 characters').email('Enter a valid e-mail address')]),
  /** Validated like a vendor's (design.md section 16); empty while the company is not registered. */
  gstin: gstinOrEmptySchema,
  /** Opens every invoice number: `{prefix}/{YYYY-YY}/{000001}` (design.md section 11). */
  invoice_prefix: text()
    .trim()
    .toUpperCase()
    .regex(INVOICE_PREFIX_PATTERN, 'Use 1 to 10 letters, digits or hyphens, such as INV')
    .default(INVOICE_PREFIX_DEFAULT),
});
export type InformationSettings = z.infer<typeof informationSettingsSchema>;

export const DOCUMENT_BODY_MAX = 100_000;
/** PUT /settings/privacy and /settings/terms: a page of text (line breaks kept). */
export const documentSettingsSchema = z.object({
  title: text().trim().min(1, 'Enter a title').max(200, 'Use at most 200 characters'),
  body: text().max(DOCUMENT_BODY_MAX, `Use at most ${DOCUMENT_BODY_MAX} characters`),
});
export type DocumentSettings = z.infer<typeof documentSettingsSchema>;

export { LANGUAGES, type Language };

/** GET/PUT /settings/notification/me: a member's own choices. */
export const notificationPreferencesSchema = z.object({
  email_order_updates: z.boolean(),
  email_escalations: z.boolean(),
  /** false: no in-app notifications are created for this member. */
  in_app: z.boolean(),
  /** false: no Web Push to this member's devices (design.md section 15). Absent: on. */
  push: z.boolean().default(true),
  /**
   * true: order updates also go on WhatsApp, to the phone on the member's account, when the
   * deployment has WhatsApp (design.md section 20). WhatsApp's policy asks for this opt-in:
   * absent, off.
   */
  whatsapp_order_updates: z.boolean().default(false),
  /** The language of the member's screens, notifications and e-mails. Absent: English. */
  language: z.enum(LANGUAGES, { message: 'Use en or hi' }).default('en'),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const SETTING_SCHEMAS = {
  order: orderSettingsSchema,
  information: informationSettingsSchema,
  privacy: documentSettingsSchema,
  terms: documentSettingsSchema,
} as const;

export const SETTING_DEFAULTS: { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> } = {
  order: { auto_cancel_after_hours: 24, min_order_weight_kg: 0, pickup_window_start: '00:00', pickup_window_end: '23:59', escalate_after_hours: 4, weighing_photo_required: true, pickup_slots: [], slot_days_ahead: 2, arrival_radius_m: 300 },
  information: { name: 'Kabadi Orders', address: '', phone: '', email: '', gstin: '', invoice_prefix: INVOICE_PREFIX_DEFAULT },
  privacy: { title: 'Privacy Policy', body: '' },
  terms: { title: 'Terms and Conditions', body: '' },
};
export const NOTIFICATION_PREFERENCES_DEFAULT: NotificationPreferences = { email_order_updates: true, email_escalations: true, in_app: true, push: true, whatsapp_order_updates: false, language: 'en' };

/** The answer of GET and PUT for one key. */
export function settingResponseSchema<T extends z.ZodType>(value: T) {
  return z.object({
    key: text(),
    value,
    /** Null while the default applies. */
    updated_at: text().describe('ISO 8601 time, UTC').nullable(),
  });
}

/**
 * A stored settings value read against today's schema, over the defaults: a field added
 * later reads its default, and a field the schema no longer accepts (a company GSTIN saved
 * before its check character was checked) reads its default alone, so the rest of the
 * company's details still reach screens and invoices. `dropped` names those fields.
 */
export function readStoredSetting<T extends Record<string, unknown>>(schema: z.ZodType<T>, defaults: T, stored: unknown): { value: T; dropped: string[] } {
  const merged: Record<string, unknown> = { ...defaults, ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const parsed = schema.safeParse(merged);
  if (parsed.success) return { value: parsed.data, dropped: [] };
  const dropped = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))];
  for (const field of dropped) merged[field] = defaults[field];
  const repaired = schema.safeParse(merged);
  return repaired.success ? { value: repaired.data, dropped } : { value: defaults, dropped: Object.keys(defaults) };
}
