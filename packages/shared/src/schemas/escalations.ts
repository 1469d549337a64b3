import { z } from 'zod';
import { text } from './text';
import { ROLES } from '../constants';
import { emptyToUndefined, listLimitSchema, orderingSchema, strictQuery } from './list';
import { pageQueryShape, queryFlagSchema, queryIdSchema, searchQuerySchema } from './partners';
import { bodyId, idCursorSchema, idOutput, queryId } from './ids';
import { ESCALATION_ORDERING_FIELDS } from '../list-ordering';
export { ESCALATION_ORDERING_FIELDS } from '../list-ordering';

// The wire format of escalations (issues a store or a vendor raises with the admins,
// optionally about one order) and of a member's in-app notifications.

export const ESCALATION_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type EscalationStatus = (typeof ESCALATION_STATUSES)[number];
export const ESCALATION_STATUS_LABELS: Record<EscalationStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
};
export const ESCALATION_SUBJECT_MAX = 200;
export const ESCALATION_TEXT_MAX = 5000;

const timeOutput = text().describe('ISO 8601 time, UTC');

/** GET /escalations/{id} and each row of GET /escalations. */
export const escalationSchema = z.object({
  id: idOutput,
  subject: text(),
  description: text(),
  status: z.enum(ESCALATION_STATUSES),
  /** What the admin did about it; set when resolving. */
  resolution: text().nullable(),
  order_id: idOutput.nullable(),
  /** "#00000042" when the issue is about an order. */
  order_number: text().nullable(),
  /** Who raised it: a store, or a vendor. */
  raised_by: z.enum(['store', 'vendor']),
  /** The store that raised it; null when a vendor did. */
  store: z.object({ id: idOutput, name: text() }).nullable(),
  /** The vendor it belongs to: the order's, else the raising vendor or the store's vendor when it was raised. */
  vendor: z.object({ id: idOutput, company_name: text() }).nullable(),
  created_by: z.object({ id: idOutput, name: text(), role: z.enum(ROLES) }),
  created_at: timeOutput,
  resolved_at: timeOutput.nullable(),
});
export type Escalation = z.infer<typeof escalationSchema>;


export const escalationListQuerySchema = strictQuery({
  status: z.preprocess(emptyToUndefined, z.enum(ESCALATION_STATUSES).optional()),
  /** Escalations raised by this store. */
  store_id: queryIdSchema,
  /** Escalations belonging to this vendor. */
  vendor_id: queryIdSchema,
  order_id: queryId('bigint'),
  /** Part of the subject, the description, the store name or the company name, or an order number (#00000042); any case. */
  search: searchQuerySchema,
  ordering: orderingSchema(ESCALATION_ORDERING_FIELDS),
  ...pageQueryShape,
});
export type EscalationListQuery = z.input<typeof escalationListQuerySchema>;

/** POST /escalations/: a store or a vendor raises an issue; every admin is notified. */
export const createEscalationRequestSchema = z.object({
  subject: text().trim().min(1, 'Enter a subject').max(ESCALATION_SUBJECT_MAX, `Use at most ${ESCALATION_SUBJECT_MAX} characters`),
  description: text().trim().min(1, 'Describe the issue').max(ESCALATION_TEXT_MAX, `Use at most ${ESCALATION_TEXT_MAX} characters`),
  /** An order of the caller's (a store's own, or one of a vendor's stores'). */
  order_id: bodyId('bigint', { positive: 'Choose an order', tooLarge: 'Unknown order' }).nullish(),
});
export type CreateEscalationRequest = z.input<typeof createEscalationRequestSchema>;

/** PATCH /escalations/{id}/ (admin). Resolving needs a resolution (sent now or saved before) and notifies the creator. */
export const updateEscalationRequestSchema = z
  .object({
    status: z.enum(ESCALATION_STATUSES).optional(),
    resolution: text().trim().max(ESCALATION_TEXT_MAX, `Use at most ${ESCALATION_TEXT_MAX} characters`).nullable().optional(),
  })
  .refine((body) => body.status !== undefined || body.resolution !== undefined, { message: 'Send at least one of status, resolution' });
export type UpdateEscalationRequest = z.input<typeof updateEscalationRequestSchema>;

// ---- Notifications ---------------------------------------------------------------------

export const notificationSchema = z.object({
  id: idOutput,
  title: text(),
  body: text(),
  /** A web-app path to open, e.g. "/Admin/Escalations/IssueDetail?id=7". */
  link: text().nullable(),
  read_at: timeOutput.nullable(),
  created_at: timeOutput,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = strictQuery({
  /** true: only unread ones (X-Total-Count is then the unread count). */
  unread: queryFlagSchema,
  limit: listLimitSchema,
  /** Notifications page by id. */
  cursor: idCursorSchema('bigint'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const readAllResponseSchema = z.object({ detail: text(), updated: z.number().int() });
export type ReadAllResponse = z.infer<typeof readAllResponseSchema>;
