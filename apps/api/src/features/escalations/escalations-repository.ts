import { eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import { formatOrderNumber, parseOrderNumber } from '@app/shared/format';
import type { Escalation, escalationListQuerySchema } from '@app/shared/schemas/escalations';
import type { DbOrTx } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { members } from '../../db/tables/members.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { filterBy } from '../../http/resource-kit/list-filters';
import { COUNT_ALL, countOf, recordQueries } from '../../http/resource-kit/record-queries';
import { newestFirst } from '../../http/resource-kit/sorting';
import { tenancyScope } from '../../http/resource-kit/tenancy-scope';

export type EscalationFilters = z.output<typeof escalationListQuerySchema>;

// An escalation belongs to one vendor, kept in vendor_id when it is opened: the order's
// vendor when it is about an order, else the raising vendor or the store's vendor at that
// moment (design.md section 17). A vendor sees what belongs to it, never through a store's
// current vendor: moving a store to another vendor hands over neither its orders nor its
// escalations. store_id names the store it is filed under (null when a vendor raised it).

const escalationColumns = {
  id: escalations.id,
  subject: escalations.subject,
  description: escalations.description,
  status: escalations.status,
  resolution: escalations.resolution,
  orderId: escalations.orderId,
  storeId: stores.id,
  storeName: stores.name,
  vendorId: vendors.id,
  vendorCompanyName: vendors.companyName,
  creatorId: members.id,
  creatorName: members.name,
  creatorRole: members.role,
  createdAt: escalations.createdAt,
  resolvedAt: escalations.resolvedAt,
};

/** Escalations with the creator, the raising store and the vendor they belong to joined. */
function selectEscalations(db: DbOrTx) {
  return db
    .select(escalationColumns)
    .from(escalations)
    // Left: the system opens escalations too (created_by null).
    .leftJoin(members, eq(members.id, escalations.createdBy))
    .leftJoin(stores, eq(stores.id, escalations.storeId))
    .leftJoin(vendors, eq(vendors.id, escalations.vendorId));
}

type EscalationRow = Awaited<ReturnType<ReturnType<typeof selectEscalations>['execute']>>[number];

const toEscalation = (row: EscalationRow): Escalation => ({
  id: row.id,
  subject: row.subject,
  description: row.description,
  status: row.status,
  resolution: row.resolution,
  order_id: row.orderId,
  order_number: row.orderId === null ? null : formatOrderNumber(row.orderId),
  raised_by: row.storeId !== null ? 'store' : 'vendor',
  store: row.storeId !== null && row.storeName !== null ? { id: row.storeId, name: row.storeName } : null,
  vendor: row.vendorId !== null && row.vendorCompanyName !== null ? { id: row.vendorId, company_name: row.vendorCompanyName } : null,
  created_by: row.creatorId !== null && row.creatorName !== null && row.creatorRole !== null ? { id: row.creatorId, name: row.creatorName, role: row.creatorRole } : SYSTEM_CREATOR,
  created_at: row.createdAt.toISOString(),
  resolved_at: row.resolvedAt?.toISOString() ?? null,
});

/** An escalation the scheduler opened (an order standing too long) has no member behind it. */
const SYSTEM_CREATOR = { id: 0, name: 'Automatic escalation', role: 'admin' } as const;

/** Escalations, newest first by default: an admin sees all, a store its own, a vendor those that belong to it. */
export const escalationRecords = recordQueries({
  table: escalations,
  id: escalations.id,
  select: selectEscalations,
  // Without the creator's join: no filter names it, and a left join adds no rows to count.
  count: (db, where) =>
    countOf(db.select(COUNT_ALL).from(escalations).leftJoin(stores, eq(stores.id, escalations.storeId)).leftJoin(vendors, eq(vendors.id, escalations.vendorId)).where(where)),
  visible: (tenancy) =>
    tenancyScope(tenancy, { store: ({ storeId }) => eq(escalations.storeId, storeId), vendor: ({ vendorId }) => eq(escalations.vendorId, vendorId) }),
  filter: (query: EscalationFilters) =>
    filterBy(
      {
        status: (status) => eq(escalations.status, status),
        store_id: (storeId) => eq(escalations.storeId, storeId),
        vendor_id: (vendorId) => eq(escalations.vendorId, vendorId),
        order_id: (orderId) => eq(escalations.orderId, orderId),
        search: (pattern, text) => {
          const orderId = parseOrderNumber(text);
          return or(
            ilike(escalations.subject, pattern),
            ilike(escalations.description, pattern),
            ilike(stores.name, pattern),
            ilike(vendors.companyName, pattern),
            orderId === null ? undefined : eq(escalations.orderId, orderId),
          );
        },
      },
      query,
    ),
  sorting: newestFirst(escalations.createdAt, { status: escalations.status }),
  present: (_db, rows: EscalationRow[]) => rows.map(toEscalation),
});
