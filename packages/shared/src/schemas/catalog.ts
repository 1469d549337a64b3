import { z } from 'zod';
import { text } from './text';
import { MONEY_MAX_DECIMALS, RATE_TYPES } from '../constants';
import { parseRupees, type ParseResult } from '../money';
import { CURSOR_MESSAGE, emptyToUndefined, listLimitSchema, strictQuery } from './list';
import { idOutput, textId } from './ids';
import { isStorableTime } from './time-range';
import { GST_RATES, HSN_CODE_PATTERN } from './money';

// The wire format of states, cities, materials and rates (design.md section 8). The API
// validates and documents its routes with these schemas; the web app builds its forms
// and reads its answers with the same ones. Money on the wire is rupees (a number with
// at most 2 decimals); the database keeps integer paise.

/** A per-kg rate above this is a typing error, and it keeps rate x weight within 2^53 paise. */
export const RATE_MAX_RUPEES = 100_000;
export const RATE_MAX_PAISE = RATE_MAX_RUPEES * 100;
/** The largest rate-card CSV the import accepts. */
export const RATE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The columns of the rate-card CSV, in the order the export writes them. */
export const RATE_CSV_COLUMNS = ['state', 'city', 'material', 'vendor_rate', 'driver_rate', 'b2c_rate'] as const;
/** GET /rates puts these keys beside the material names, so no material may be called so. */
export const RESERVED_MATERIAL_NAMES = ['city', 'state'] as const;
/** A bulk change by percent lies in (-100, 1000]: it may not wipe a rate out, nor multiply it by more than 11. */
export const BULK_PERCENT_MIN_EXCLUSIVE = -100;
export const BULK_PERCENT_MAX = 1000;

export const rateTypeSchema = z.enum(RATE_TYPES);

/** Reads a per-kg rate in rupees (number or decimal text) into paise: > 0, at most 2 decimals, at most RATE_MAX_RUPEES. */
export function parseRate(input: unknown): ParseResult {
  const parsed = parseRupees(input);
  if (!parsed.ok) return { ok: false, message: parsed.message.replace(/^Amount/, 'Rate') };
  if (parsed.value > RATE_MAX_PAISE) return { ok: false, message: `Rate may be at most ${RATE_MAX_RUPEES} rupees per kg` };
  return parsed;
}

/** True when a JS number has at most `places` decimals (as typed, e.g. 1.15). */
function hasAtMostDecimals(value: number, places: number): boolean {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A per-kg rate in rupees on input: a JSON number > 0 with at most 2 decimals. */
export const rupeeRateSchema = z.number().superRefine((value, ctx) => {
  const parsed = parseRate(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
});

/** Ids of states, cities and materials (PostgreSQL `integer`), in a path, a query or a body. */
export const idSchema = textId('integer');

/** `?flag=true|false` (the web app's query-string builder keeps `false` too). */
const booleanFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

// Names start with a letter or digit: it keeps "=cmd()" and friends out of the CSV export.
const NAME_START = /^[\p{L}\p{N}]/u;
const placeName = text()
  .trim()
  .min(1, 'Enter a name')
  .max(80, 'A name may have at most 80 characters')
  .regex(NAME_START, 'A name starts with a letter or a digit');

export const materialNameSchema = placeName.refine(
  (name) => !(RESERVED_MATERIAL_NAMES as readonly string[]).includes(name.toLowerCase()),
  { message: `A material may not be called ${RESERVED_MATERIAL_NAMES.join(' or ')}` },
);

/** A material's Hindi name (design.md section 23): optional; empty text or null clears it. */
export const materialHindiNameSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), placeName.nullable());

export const namedRefSchema = z.object({ id: idOutput, name: text() });
export type NamedRef = z.infer<typeof namedRefSchema>;

// ---- States and cities -------------------------------------------------------------

export const stateSchema = z.object({ id: idOutput, name: text(), code: text() });
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({ id: idOutput, name: text(), state: namedRefSchema });
export type City = z.infer<typeof citySchema>;

export const citiesQuerySchema = strictQuery({ state_id: idSchema.optional() });

/** One material's rates for a new city; a missing type comes from the copied city or the default. */
export const cityRateOverrideSchema = z.object({
  material_id: idSchema,
  vendor_rate: rupeeRateSchema.optional(),
  driver_rate: rupeeRateSchema.optional(),
  b2c_rate: rupeeRateSchema.optional(),
});

export const createCityBodySchema = z.object({
  state_id: idSchema,
  name: placeName,
  copy_from_city_id: idSchema.optional(),
  rates: z.array(cityRateOverrideSchema).max(1000).optional(),
});
export type CreateCityBody = z.input<typeof createCityBodySchema>;

// ---- Materials -----------------------------------------------------------------------

export const materialSchema = z.object({
  id: idOutput,
  name: text(),
  /** The name Hindi readers see; null: they see `name`. */
  name_hi: text().nullable(),
  vendor_rate: z.number(),
  driver_rate: z.number(),
  b2c_rate: z.number(),
  /** HSN heading of the goods (4 to 8 digits); null until an admin sets it. */
  hsn_code: text().nullable(),
  /** GST rate in percent, one of GST_RATES. */
  gst_rate: z.number(),
  /** Only in an admin's `?include_retired=true` list: null while the material is in use. */
  retired_at: text().nullable().optional(),
});
export type Material = z.infer<typeof materialSchema>;

/** 4 to 8 digits (design.md section 11); empty text or null clears it. */
export const hsnCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text().trim().regex(HSN_CODE_PATTERN, 'Use an HSN code of 4, 6 or 8 digits').nullable(),
);
export const gstRateSchema = z
  .number({ error: `gst_rate must be one of ${GST_RATES.join(', ')}` })
  .refine((v) => (GST_RATES as readonly number[]).includes(v), `gst_rate must be one of ${GST_RATES.join(', ')}`);

export const materialsQuerySchema = strictQuery({ include_retired: booleanFlag });

export const createMaterialBodySchema = z.object({
  name: materialNameSchema,
  name_hi: materialHindiNameSchema.optional(),
  vendor_rate: rupeeRateSchema,
  driver_rate: rupeeRateSchema,
  b2c_rate: rupeeRateSchema,
  hsn_code: hsnCodeSchema.optional(),
  gst_rate: gstRateSchema.optional(),
});
export type CreateMaterialBody = z.input<typeof createMaterialBodySchema>;

export const updateMaterialBodySchema = createMaterialBodySchema
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one of name, name_hi, vendor_rate, driver_rate, b2c_rate, hsn_code, gst_rate' });
export type UpdateMaterialBody = z.input<typeof updateMaterialBodySchema>;

// ---- The rates list (GET /rates) ----------------------------------------------------------

export const ratesQuerySchema = strictQuery({
  type: rateTypeSchema.default('vendor'),
  /** The same as `type` (the public page's spelling, design.md section 21); wins over it. */
  rate_type: rateTypeSchema.optional(),
  city_id: idSchema.optional(),
});

/**
 * `{ city: {id, name}, state: {id, name}, "<material name>": {rate}, ... }`: one per city,
 * every active material keyed by its name (product-spec.md section 3).
 */
export const rateEntrySchema = z
  .object({ city: namedRefSchema, state: namedRefSchema })
  .catchall(z.object({ rate: z.number() }));
export type RateEntry = z.infer<typeof rateEntrySchema>;

/** The rate of a material in a city, as the web app looks it up: by city id and material name. */
export function findRate(entries: readonly RateEntry[], cityId: number, materialName: string): number | null {
  if ((RESERVED_MATERIAL_NAMES as readonly string[]).includes(materialName)) return null;
  const entry = entries.find((e) => e.city.id === cityId);
  const cell: { rate?: unknown } | undefined = entry?.[materialName];
  return typeof cell?.rate === 'number' ? cell.rate : null;
}

// ---- The admin's rate card -------------------------------------------------------------

export const rateCellSchema = z.object({
  rate: z.number(),
  /** True when the city has no rate of its own and the material's default applies. */
  is_default: z.boolean(),
  updated_at: text().nullable(),
  updated_by: namedRefSchema.nullable(),
});
export type RateCell = z.infer<typeof rateCellSchema>;

export const rateCardMaterialSchema = z.object({
  material: namedRefSchema,
  vendor: rateCellSchema,
  driver: rateCellSchema,
  b2c: rateCellSchema,
});
export type RateCardMaterial = z.infer<typeof rateCardMaterialSchema>;

export const rateCardRowSchema = z.object({
  city: namedRefSchema,
  state: namedRefSchema,
  /** Every active material, sorted by name: the same columns in every row. */
  rates: z.array(rateCardMaterialSchema),
});
export type RateCardRow = z.infer<typeof rateCardRowSchema>;

const rateCardFilters = {
  state_id: idSchema.optional(),
  city_id: idSchema.optional(),
  /** Part of a city or state name, any case. */
  search: text().trim().max(100).optional(),
};

export const rateCardQuerySchema = strictQuery({
  ...rateCardFilters,
  limit: listLimitSchema,
  /** Opaque: pass the `cursor` of the Link rel="next" header. The card reads alphabetically, so it is an offset. */
  cursor: z.preprocess(emptyToUndefined, text().regex(/^\d{1,9}$/, CURSOR_MESSAGE).optional()),
});

export const rateCardExportQuerySchema = strictQuery(rateCardFilters);

export const rateCellParamsSchema = z.object({ city_id: idSchema, material_id: idSchema });

export const updateRateCellBodySchema = z
  .object({
    vendor_rate: rupeeRateSchema.optional(),
    driver_rate: rupeeRateSchema.optional(),
    b2c_rate: rupeeRateSchema.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Send at least one of vendor_rate, driver_rate, b2c_rate' });
export type UpdateRateCellBody = z.input<typeof updateRateCellBodySchema>;

export const rateCellUpdateResponseSchema = rateCardMaterialSchema.extend({ city: namedRefSchema, state: namedRefSchema });

// ---- Bulk changes ----------------------------------------------------------------------

export const bulkScopeSchema = z
  .object({
    state_id: idSchema.optional(),
    material_id: idSchema.optional(),
    city_ids: z.array(idSchema).min(1).max(1000).optional(),
  })
  .refine((s) => s.state_id !== undefined || s.material_id !== undefined || s.city_ids !== undefined, {
    message: 'Choose at least one of state_id, material_id, city_ids',
  });

export const bulkChangeSchema = z
  .object({
    /** -5 lowers by 5 %, 12.5 raises by 12.5 %; each result is rounded to the paisa. */
    percent: z
      .number()
      .gt(BULK_PERCENT_MIN_EXCLUSIVE, 'A percent change must be more than -100')
      .max(BULK_PERCENT_MAX, `A percent change may be at most ${BULK_PERCENT_MAX}`)
      .refine((v) => v !== 0, 'A change of 0 changes nothing')
      .refine((v) => hasAtMostDecimals(v, 2), 'A percent may have at most 2 decimals')
      .refine((v) => Math.round(v * 100) !== 0, 'A percent change must be at least 0.01')
      .optional(),
    /** Rupees per kg added (negative: taken off). */
    amount: z
      .number()
      .min(-RATE_MAX_RUPEES)
      .max(RATE_MAX_RUPEES)
      .refine((v) => v !== 0, 'A change of 0 changes nothing')
      .refine((v) => hasAtMostDecimals(v, MONEY_MAX_DECIMALS), `An amount may have at most ${MONEY_MAX_DECIMALS} decimals`)
      // The tolerance above lets 1e-10 through: it must still be a whole number of paise, and not 0.
      .refine((v) => parseRupees(Math.abs(v)).ok, 'An amount must be at least 0.01 rupees, with at most 2 decimals')
      .optional(),
  })
  .refine((c) => (c.percent === undefined) !== (c.amount === undefined), { message: 'Send either percent or amount' });

export const bulkRateChangeBodySchema = z.object({
  rate_type: rateTypeSchema,
  scope: bulkScopeSchema,
  change: bulkChangeSchema,
});
export type BulkRateChangeBody = z.input<typeof bulkRateChangeBodySchema>;

export const bulkRateChangeQuerySchema = strictQuery({ dry_run: booleanFlag });

export const bulkRateChangeItemSchema = z.object({
  city: namedRefSchema,
  state: namedRefSchema,
  material: namedRefSchema,
  previous_rate: z.number(),
  rate: z.number(),
});

export const bulkRateChangeResponseSchema = z.object({
  dry_run: z.boolean(),
  rate_type: rateTypeSchema,
  /** Rates the scope covers. */
  matched: z.number().int(),
  /** Rates that change (or would, in a dry run). */
  updated: z.number().int(),
  changes: z.array(bulkRateChangeItemSchema),
});
export type BulkRateChangeResponse = z.infer<typeof bulkRateChangeResponseSchema>;

// ---- History ------------------------------------------------------------------------------

export const rateHistoryQuerySchema = strictQuery({
  material_id: idSchema,
  /** Omitted: the history of the material's default rate. */
  city_id: idSchema.optional(),
  rate_type: rateTypeSchema.default('vendor'),
  /** ISO 8601 time with a zone; the answer's `rate` is the one in force then. Omitted: now. */
  at: z.iso.datetime({ offset: true }).refine((at) => isStorableTime(Date.parse(at)), 'Use a time between the years 1900 and 9999').optional(),
  limit: listLimitSchema,
});

export const rateChangeSchema = z.object({
  id: idOutput,
  rate: z.number(),
  previous_rate: z.number().nullable(),
  changed_at: text(),
  changed_by: namedRefSchema.nullable(),
});
export type RateChange = z.infer<typeof rateChangeSchema>;

export const rateHistoryResponseSchema = z.object({
  city: namedRefSchema.nullable(),
  material: namedRefSchema,
  rate_type: rateTypeSchema,
  at: text(),
  /** The rate in force at `at`; null when none was known then. */
  rate: z.number().nullable(),
  /** Newest first, at most `limit`. */
  changes: z.array(rateChangeSchema),
});
export type RateHistoryResponse = z.infer<typeof rateHistoryResponseSchema>;

// ---- CSV import -----------------------------------------------------------------------------

export const rateImportResponseSchema = z.object({
  /** Data rows read. */
  rows: z.number().int(),
  /** Rates whose value changed. */
  updated: z.number().int(),
});
export type RateImportResponse = z.infer<typeof rateImportResponseSchema>;
