import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatOrderNumber, parseOrderNumber } from '@app/shared/format';
import type { Escalation, escalationListQuerySchema, ESCALATION_ORDERING_FIELDS } from '@app/shared/schemas/escalations';
import { orderingOf } from '@app/shared/schemas/list';
import type { DbOrTx } from '../../db/database';
import { escalations } from '../../db/tables/escalations.table';
import { members } from '../../db/tables/members.table';
import { stores, vendors } from '../../db/tables/partners.table';
import type { Tenancy } from '../../auth/tenancy';
import { keysetPageByLookup, keysetPlan, type SortKey } from '../../http/keyset';
import type { Page } from '../../http/paging';
import { containsPattern } from '../../http/search-pattern';

export type EscalationFilters = z.output<typeof escalationListQuerySchema>;

// An escalation belongs to one vendor, kept in vendor_id when it is opened: the order's
// vendor when it is about an order, else the raising vendor or the store's vendor at that
// moment (design.md section 17). A vendor sees what belongs to it, never through a store's
// current vendor: moving a store to another vendor hands over neither its orders nor its
// escalations. store_id names the store it is filed under (null when a vendor raised it).

/** The escalations a caller may see: an admin all, a store its own, a vendor those that belong to it. */
function visibleEscalations(tenancy: Tenancy): SQL | undefined {
  switch (tenancy.kind) {
    case 'all':
      return undefined;
    case 'store':
      return eq(escalations.storeId, tenancy.storeId);
    case 'vendor':
      return eq(escalations.vendorId, tenancy.vendorId);
    default:
      return sql`false`;
  }
}

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

/** Counts what selectEscalations finds (the creator always exists: no join needed for it). */
async function countEscalations(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(escalations)
    .leftJoin(stores, eq(stores.id, escalations.storeId))
    .leftJoin(vendors, eq(vendors.id, escalations.vendorId))
    .where(where);
  return Number(row?.n ?? 0);
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

function filterEscalations(filters: EscalationFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status !== undefined) conditions.push(eq(escalations.status, filters.status));
  if (filters.store_id !== undefined) conditions.push(eq(escalations.storeId, filters.store_id));
  if (filters.vendor_id !== undefined) conditions.push(eq(escalations.vendorId, filters.vendor_id));
  if (filters.order_id !== undefined) conditions.push(eq(escalations.orderId, filters.order_id));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    const orderId = parseOrderNumber(filters.search);
    conditions.push(
      or(
        ilike(escalations.subject, pattern),
        ilike(escalations.description, pattern),
        ilike(stores.name, pattern),
        ilike(vendors.companyName, pattern),
        orderId === null ? undefined : eq(escalations.orderId, orderId),
      ),
    );
  }
  return and(...conditions);
}

/** What each `ordering` sorts by (design.md section 13). */
const ESCALATION_SORT_KEYS: Record<(typeof ESCALATION_ORDERING_FIELDS)[number], SortKey> = {
  created_at: { expr: escalations.createdAt, type: 'timestamptz' },
  status: { expr: escalations.status, type: 'text' },
};

export async function listEscalations(db: DbOrTx, tenancy: Tenancy, filters: EscalationFilters): Promise<Page<Escalation> & { total: number }> {
  const where = and(visibleEscalations(tenancy), filterEscalations(filters));
  const ordering = orderingOf<(typeof ESCALATION_ORDERING_FIELDS)[number]>(filters.ordering, '-created_at');
  const key = ESCALATION_SORT_KEYS[ordering.field];
  const plan = keysetPlan(key, escalations.id, ordering, filters.cursor);
  const [rows, total] = await Promise.all([
    selectEscalations(db)
      .where(and(where, plan.after))
      .orderBy(...plan.orderBy)
      .limit(filters.limit + 1),
    countEscalations(db, where),
  ]);
  const page = await keysetPageByLookup(db, rows, filters.limit, ordering, key, escalations, escalations.id, (r) => r.id);
  return { items: page.items.map(toEscalation), nextCursor: page.nextCursor, total };
}

/** The escalation, or null when it does not exist or the caller may not see it. */
export async function findEscalation(db: DbOrTx, tenancy: Tenancy, id: number): Promise<Escalation | null> {
  const [row] = await selectEscalations(db).where(and(eq(escalations.id, id), visibleEscalations(tenancy))).limit(1);
  return row ? toEscalation(row) : null;
}
