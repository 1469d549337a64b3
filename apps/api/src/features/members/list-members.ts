import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { orderingOf } from '@app/shared/schemas/list';
import type { MemberListItem, memberListQuerySchema, MEMBER_ORDERING_FIELDS } from '@app/shared/schemas/members';
import type { Database } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { keysetPageByLookup, keysetPlan, type SortKey } from '../../http/keyset';
import type { Page } from '../../http/paging';
import { containsPattern } from '../../http/search-pattern';
import { selectMemberRows, toMemberListItem } from './member-view';

export type MemberListFilters = z.output<typeof memberListQuerySchema>;

function filterConditions(filters: MemberListFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.approval_status) conditions.push(eq(members.approvalStatus, filters.approval_status));
  if (filters.role) conditions.push(eq(members.role, filters.role));
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    conditions.push(
      or(
        ilike(members.loginId, pattern),
        ilike(members.name, pattern),
        ilike(members.phone, pattern),
        ilike(stores.name, pattern),
        ilike(vendors.companyName, pattern),
      )!,
    );
  }
  return conditions;
}

/** What each `ordering` sorts by (design.md section 13). */
const MEMBER_SORT_KEYS: Record<(typeof MEMBER_ORDERING_FIELDS)[number], SortKey> = {
  created_at: { expr: members.createdAt, type: 'timestamptz' },
  name: { expr: members.name, type: 'text' },
  login_id: { expr: members.loginId, type: 'text' },
};

/**
 * The admin's member list, sorted by `ordering` (default newest first), keyset-paged, with the total of all pages
 * (so the admin sees how many sign-ups wait).
 */
export async function listMembers(db: Database, filters: MemberListFilters): Promise<Page<MemberListItem> & { total: number }> {
  const conditions = filterConditions(filters);
  const ordering = orderingOf<(typeof MEMBER_ORDERING_FIELDS)[number]>(filters.ordering, '-created_at');
  const key = MEMBER_SORT_KEYS[ordering.field];
  const plan = keysetPlan(key, members.id, ordering, filters.cursor);
  const rows = await selectMemberRows(db)
    .where(and(...conditions, plan.after))
    .orderBy(...plan.orderBy)
    .limit(filters.limit + 1);
  const [counted] = await db
    .select({ total: count() })
    .from(members)
    .leftJoin(stores, eq(stores.id, members.storeId))
    .leftJoin(vendors, eq(vendors.id, members.vendorId))
    .where(and(...conditions));
  const page = await keysetPageByLookup(db, rows, filters.limit, ordering, key, members, members.id, (row) => row.id);
  return { items: page.items.map(toMemberListItem), nextCursor: page.nextCursor, total: Number(counted?.total ?? 0) };
}
