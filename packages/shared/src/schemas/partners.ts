import { z } from 'zod';
import { text } from './text';
import { APPROVAL_STATUSES, ROLES } from '../constants';
import { addressSchema, cityIdSchema, loginIdSchema, passwordSchema, personNameSchema, phoneSchema } from './auth';
import { emptyToUndefined, listCursorSchema, listLimitSchema, orderingSchema, strictQuery } from './list';
import { gstinOrEmptySchema } from './gstin';
import { bodyId, idCursorSchema, idOutput, queryId, textId } from './ids';
import { geoPointSchema, locationInputSchema } from './geo';
import { VENDOR_ORDERING_FIELDS, STORE_ORDERING_FIELDS, DRIVER_ORDERING_FIELDS } from '../list-ordering';
export { VENDOR_ORDERING_FIELDS, STORE_ORDERING_FIELDS, DRIVER_ORDERING_FIELDS } from '../list-ordering';

// The wire format of vendors, stores, drivers and a store's staff. The API validates and
// documents its routes with these schemas; the web app builds its forms and reads its
// answers with the same ones. Money is rupees (a JSON number, at most 2 decimals).

const timeOutput = text().describe('ISO 8601 time, UTC');
const rupees = z.number().describe('Indian rupees, at most 2 decimals');

// ---- Query-string pieces (shared with the escalations schemas) ---------------------------

/** An id filter in a query string (of an `integer` id); empty means "not given". */
export const queryIdSchema = queryId('integer');
/** `?flag=true|false`; the web app's query-string builder keeps `false` too. */
export const queryFlagSchema = z.preprocess(emptyToUndefined, z.enum(['true', 'false']).optional()).transform((v) => (v === undefined ? undefined : v === 'true'));
export const searchQuerySchema = z.preprocess(emptyToUndefined, text().trim().max(100, 'search may have at most 100 characters').optional());
/** `limit` and `cursor` of a list sorted by `ordering` (a keyset cursor). */
export const pageQueryShape = { limit: listLimitSchema, cursor: listCursorSchema };

/** `/{id}` of a record whose id is a PostgreSQL `integer`: a larger one is a 400, never a 500. */
export const idParamsSchema = z.object({ id: textId('integer') });
/** `/{id}` of a record whose id is a PostgreSQL `bigint`. */
export const bigIdParamsSchema = z.object({ id: textId('bigint') });

/** A phone that may be cleared with null (the record's phone is optional). */
const optionalPhoneSchema = phoneSchema.nullable();

// ---- Pieces of answers -----------------------------------------------------------------

export const citySummarySchema = z.object({
  id: idOutput,
  name: text(),
  state: z.object({ id: idOutput, name: text() }),
});
export type CitySummary = z.infer<typeof citySummarySchema>;

/** The sign-in account behind a vendor, store or driver; what approval screens need. */
export const partnerMemberSchema = z.object({
  id: idOutput,
  login_id: text(),
  name: text(),
  phone: text().nullable(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
  approval_status: z.enum(APPROVAL_STATUSES),
  rejection_reason: text().nullable(),
});
export type PartnerMember = z.infer<typeof partnerMemberSchema>;

// ---- Vendors ---------------------------------------------------------------------------

export const companyNameSchema = text().trim().min(1, 'Enter the company name').max(160, 'Use at most 160 characters');

/** A vendor's GSTIN (design.md section 11): format and check character; empty text or null clears it. */
export const vendorGstinSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), gstinOrEmptySchema.nullable());

/** GET /vendors/{id} and each row of GET /vendors. */
export const vendorSchema = z.object({
  id: idOutput,
  company_name: text(),
  city: citySummarySchema,
  address: text(),
  phone: text().nullable(),
  /** Null: not registered for GST (its invoices are reverse charge). Only an admin changes it (design.md section 16). */
  gstin: text().nullable(),
  /**
   * The vendor's own change of its GSTIN, waiting for an admin: pending while
   * `gstin_requested_at` is set. `requested_gstin` null then asks to be unregistered.
   */
  requested_gstin: text().nullable(),
  gstin_requested_at: timeOutput.nullable(),
  created_at: timeOutput,
  /** The vendor's own account; null when none exists (never for vendors made through the API). */
  member: partnerMemberSchema.nullable(),
  store_count: z.number().int(),
  order_count: z.number().int(),
  /** The vendor's wallet balance in rupees (0 before the first completed order). */
  wallet_balance: rupees,
});
export type Vendor = z.infer<typeof vendorSchema>;


export const vendorListQuerySchema = strictQuery({
  /** Part of the company name, the member's name or login id; any case. */
  search: searchQuerySchema,
  city_id: queryIdSchema,
  /** Of the vendor's member account. */
  approval_status: z.preprocess(emptyToUndefined, z.enum(APPROVAL_STATUSES).optional()),
  ordering: orderingSchema(VENDOR_ORDERING_FIELDS),
  ...pageQueryShape,
});
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

/** POST /vendors/: an admin adds a vendor with its account, approved at once. */
export const createVendorRequestSchema = z.object({
  login_id: loginIdSchema,
  password: passwordSchema,
  name: personNameSchema,
  phone: phoneSchema,
  company_name: companyNameSchema,
  city_id: cityIdSchema,
  address: addressSchema,
  gstin: vendorGstinSchema.optional(),
});
export type CreateVendorRequest = z.input<typeof createVendorRequestSchema>;

const atLeastOne = (keys: readonly string[]) => (body: Record<string, unknown>) => keys.some((k) => body[k] !== undefined);
const atLeastOneMessage = (keys: readonly string[]) => ({ message: `Send at least one of ${keys.join(', ')}` });

const VENDOR_EDITABLE = ['company_name', 'address', 'phone', 'gstin'] as const;
/**
 * PATCH /vendors/{id}/: the fields sent change, the others stay. An admin's `gstin` is set
 * at once; the vendor's own `gstin` becomes a request an admin approves (design.md section 16).
 */
export const updateVendorRequestSchema = z
  .object({ company_name: companyNameSchema.optional(), address: addressSchema.optional(), phone: optionalPhoneSchema.optional(), gstin: vendorGstinSchema.optional() })
  .refine(atLeastOne(VENDOR_EDITABLE), atLeastOneMessage(VENDOR_EDITABLE));
export type UpdateVendorRequest = z.input<typeof updateVendorRequestSchema>;
export type UpdateVendorParsed = z.output<typeof updateVendorRequestSchema>;

/**
 * PATCH /vendors/{id}/gstin/approve/ (admin): `gstin` is the requested GSTIN the admin saw
 * (null: the vendor asked to be unregistered). Another value pending by now is a 409, so an
 * admin never approves a request they did not see.
 */
export const approveVendorGstinRequestSchema = z.object({ gstin: vendorGstinSchema });
export type ApproveVendorGstinRequest = z.input<typeof approveVendorGstinRequestSchema>;

// ---- Stores ----------------------------------------------------------------------------

export const storeNameSchema = text().trim().min(1, 'Enter the store name').max(120, 'Use at most 120 characters');

/** GET /stores/{id} and each row of GET /stores. */
export const storeDetailSchema = z.object({
  id: idOutput,
  name: text(),
  city: citySummarySchema,
  address: text(),
  phone: text().nullable(),
  /** The store's pin on the map (design.md section 18); null until set. */
  location: geoPointSchema.nullable(),
  /** Null until a vendor adds the store or an admin assigns one; such a store cannot order yet. */
  vendor: z.object({ id: idOutput, company_name: text() }).nullable(),
  member: partnerMemberSchema.nullable(),
  order_count: z.number().int(),
  staff_count: z.number().int(),
  created_at: timeOutput,
});
export type StoreDetail = z.infer<typeof storeDetailSchema>;


export const storeListQuerySchema = strictQuery({
  /** Part of the store name, address, phone, the member's name or login id; any case. */
  search: searchQuerySchema,
  vendor_id: queryIdSchema,
  city_id: queryIdSchema,
  /** Of the store's member account (the admin's sign-up queue: `pending`). */
  approval_status: z.preprocess(emptyToUndefined, z.enum(APPROVAL_STATUSES).optional()),
  /** true: only stores without a vendor; false: only stores with one. */
  unassigned: queryFlagSchema,
  ordering: orderingSchema(STORE_ORDERING_FIELDS),
  ...pageQueryShape,
});
export type StoreListQuery = z.input<typeof storeListQuerySchema>;

/** POST /stores/: an admin, or a vendor adding a store of its own; the account is approved at once. */
export const createStoreRequestSchema = z.object({
  login_id: loginIdSchema,
  password: passwordSchema,
  /** The store's name. */
  name: storeNameSchema,
  /** The person who signs in for the store. */
  contact_name: personNameSchema,
  phone: phoneSchema,
  city_id: cityIdSchema,
  address: addressSchema,
  /** Admins only (optional: the store may get its vendor later). A vendor's store is always its own. */
  vendor_id: bodyId('integer', { positive: 'Choose a vendor', tooLarge: 'Unknown vendor' }).optional(),
});
export type CreateStoreRequest = z.input<typeof createStoreRequestSchema>;

/** A store's pin as sent: inside India; null removes it. */
export const storeLocationInputSchema = locationInputSchema.nullable();

const STORE_EDITABLE = ['name', 'address', 'phone', 'location'] as const;
/** PATCH /stores/{id}/info: the fields sent change, the others stay. */
export const updateStoreInfoRequestSchema = z
  .object({ name: storeNameSchema.optional(), address: addressSchema.optional(), phone: optionalPhoneSchema.optional(), location: storeLocationInputSchema.optional() })
  .refine(atLeastOne(STORE_EDITABLE), atLeastOneMessage(STORE_EDITABLE));
export type UpdateStoreInfoRequest = z.input<typeof updateStoreInfoRequestSchema>;

// ---- Drivers ---------------------------------------------------------------------------

/** GET /drivers/{id} and each row of GET /drivers. */
export const driverSchema = z.object({
  id: idOutput,
  city: citySummarySchema,
  vehicle_number: text(),
  phone: text().nullable(),
  member: partnerMemberSchema.nullable(),
  /** Orders assigned to the driver that are neither completed nor cancelled. */
  active_order_count: z.number().int(),
  completed_order_count: z.number().int(),
  /** The driver's earnings balance in rupees. */
  earnings_balance: rupees,
  created_at: timeOutput,
});
export type Driver = z.infer<typeof driverSchema>;


export const driverListQuerySchema = strictQuery({
  /** Part of the member's name, login id, the vehicle number or phone; any case. */
  search: searchQuerySchema,
  city_id: queryIdSchema,
  approval_status: z.preprocess(emptyToUndefined, z.enum(APPROVAL_STATUSES).optional()),
  ordering: orderingSchema(DRIVER_ORDERING_FIELDS),
  ...pageQueryShape,
});
export type DriverListQuery = z.input<typeof driverListQuerySchema>;

const vehicleNumberInput = text().trim().toUpperCase().min(4, 'Enter the vehicle number').max(20, 'Use at most 20 characters');
const DRIVER_EDITABLE = ['vehicle_number', 'phone', 'city_id'] as const;
/** PATCH /drivers/{id}/: the driver or an admin; only an admin moves a driver to another city. */
export const updateDriverRequestSchema = z
  .object({ vehicle_number: vehicleNumberInput.optional(), phone: optionalPhoneSchema.optional(), city_id: cityIdSchema.optional() })
  .refine(atLeastOne(DRIVER_EDITABLE), atLeastOneMessage(DRIVER_EDITABLE));
export type UpdateDriverRequest = z.input<typeof updateDriverRequestSchema>;

// ---- Staff -----------------------------------------------------------------------------

export const staffPositionSchema = text().trim().max(80, 'Use at most 80 characters');

/** One person working at a store (no account of their own). */
export const staffSchema = z.object({
  id: idOutput,
  store: z.object({ id: idOutput, name: text() }),
  name: text(),
  phone: text().nullable(),
  position: text().nullable(),
  created_at: timeOutput,
});
export type Staff = z.infer<typeof staffSchema>;

export const staffListQuerySchema = strictQuery({
  /** Admins and vendors: one store's staff. A store always sees its own. */
  store_id: queryIdSchema,
  /** Part of the name, phone or position; any case. */
  search: searchQuerySchema,
  limit: listLimitSchema,
  /** Staff pages by id. */
  cursor: idCursorSchema('integer'),
});
export type StaffListQuery = z.input<typeof staffListQuerySchema>;

export const createStaffRequestSchema = z.object({
  name: personNameSchema,
  phone: phoneSchema,
  position: staffPositionSchema.nullish(),
  /** Admins only, and then required: the store the person works at. */
  store_id: bodyId('integer', { positive: 'Choose a store', tooLarge: 'Unknown store' }).optional(),
});
export type CreateStaffRequest = z.input<typeof createStaffRequestSchema>;

const STAFF_EDITABLE = ['name', 'phone', 'position'] as const;
export const updateStaffRequestSchema = z
  .object({ name: personNameSchema.optional(), phone: optionalPhoneSchema.optional(), position: staffPositionSchema.nullable().optional() })
  .refine(atLeastOne(STAFF_EDITABLE), atLeastOneMessage(STAFF_EDITABLE));
export type UpdateStaffRequest = z.input<typeof updateStaffRequestSchema>;

/** DELETE answers: `detail` is what the web app's DELETE helper shows. */
export const deletedResponseSchema = z.object({ detail: text() });
