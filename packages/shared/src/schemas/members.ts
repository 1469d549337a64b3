import { z } from 'zod';
import { text } from './text';
import { APPROVAL_STATUSES, ROLES } from '../constants';
import { cityIdSchema, loginIdSchema, passwordSchema, personNameSchema, phoneSchema } from './auth';
import { emptyToUndefined, listCursorSchema, listLimitSchema, orderingSchema, strictQuery } from './list';
import { bodyId, idOutput, textId } from './ids';
import { geoPointSchema, locationInputSchema } from './geo';
import { MEMBER_ORDERING_FIELDS } from '../list-ordering';
export { MEMBER_ORDERING_FIELDS } from '../list-ordering';

// Wire schemas of the members area (design.md section 5): reading members, approving
// sign-ups, and the accounts an admin creates.

const idSchema = bodyId('integer');

/** GET /members/{loginId}: exactly the fields of design.md section 5. */
export const memberSchema = z.object({
  id: idOutput,
  login_id: text(),
  name: text(),
  role: z.enum(ROLES),
  is_verified: z.boolean(),
  approval_status: z.enum(APPROVAL_STATUSES),
  store_id: idOutput.nullable(),
  /** A store member's vendor is its store's vendor. */
  vendor_id: idOutput.nullable(),
  driver_id: idOutput.nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** A row of the admin's member list: the member plus what an admin needs to decide on a sign-up. */
export const memberListItemSchema = memberSchema.extend({
  phone: text().nullable(),
  created_at: text().describe('ISO 8601'),
  rejection_reason: text().nullable(),
  /** The store's name or the vendor's company name; null for admins and drivers. */
  organisation_name: text().nullable(),
  /** The city of the member's store, vendor company or driver. */
  city_id: idOutput.nullable(),
  address: text().nullable(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;


export const memberListQuerySchema = strictQuery({
  approval_status: z.preprocess(emptyToUndefined, z.enum(APPROVAL_STATUSES).optional()),
  role: z.preprocess(emptyToUndefined, z.enum(ROLES).optional()),
  /** Part of the login id, name, phone, store name or company name; any case. */
  search: z.preprocess(emptyToUndefined, text().trim().max(100, 'Use at most 100 characters').optional()),
  ordering: orderingSchema(MEMBER_ORDERING_FIELDS),
  limit: listLimitSchema,
  cursor: listCursorSchema,
});
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

export const memberIdParamsSchema = z.object({ id: textId('integer') });
export const memberLoginIdParamsSchema = z.object({ loginId: text().min(1).max(254) });

export const approveMemberRequestSchema = z.object({
  /** Assigns a store member's store to this vendor while approving. */
  vendor_id: idSchema.optional(),
});
export type ApproveMemberRequest = z.infer<typeof approveMemberRequestSchema>;

export const rejectMemberRequestSchema = z.object({
  reason: text().trim().max(500, 'Use at most 500 characters').optional(),
});
export type RejectMemberRequest = z.infer<typeof rejectMemberRequestSchema>;

export const vehicleNumberSchema = text()
  .trim()
  .toUpperCase()
  .min(4, 'Enter the vehicle number')
  .max(20, 'Use at most 20 characters');

export const createDriverRequestSchema = z.object({
  login_id: loginIdSchema,
  password: passwordSchema,
  name: personNameSchema,
  phone: phoneSchema,
  city_id: cityIdSchema,
  vehicle_number: vehicleNumberSchema,
});
export type CreateDriverRequest = z.infer<typeof createDriverRequestSchema>;

export const createAdminRequestSchema = z.object({
  login_id: loginIdSchema,
  password: passwordSchema,
  name: personNameSchema,
});
export type CreateAdminRequest = z.infer<typeof createAdminRequestSchema>;

export const storeIdParamsSchema = z.object({ id: textId('integer') });

/**
 * PATCH /stores/{id}/ (admin): assigns the store's vendor, sets its pin (design.md section 18;
 * null removes it), or both. At least one.
 */
export const assignStoreVendorRequestSchema = z
  .object({ vendor_id: idSchema.optional(), location: locationInputSchema.nullable().optional() })
  .refine((body) => body.vendor_id !== undefined || body.location !== undefined, { message: 'Send at least one of vendor_id, location' });
export type AssignStoreVendorRequest = z.infer<typeof assignStoreVendorRequestSchema>;

export const storeSchema = z.object({
  id: idOutput,
  name: text(),
  city_id: idOutput,
  address: text(),
  phone: text().nullable(),
  location: geoPointSchema.nullable(),
  vendor_id: idOutput.nullable(),
});
export type Store = z.infer<typeof storeSchema>;
