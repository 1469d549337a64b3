import { and, count, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MemberListItem, memberListQuerySchema } from '@app/shared/schemas/members';
import type { Database } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { stores, vendors } from '../../db/tables/partners.table';
import { cursorId, pageOf, type Page } from '../../http/paging';
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

/**
 * The admin's member list, newest first, keyset-paged by id, with the total of all pages
 * (so the admin sees how many sign-ups wait).
 */
export async function listMembers(db: Database, filters: MemberListFilters): Promise<Page<MemberListItem> & { total: number }> {
  const conditions = filterConditions(filters);
  const below = cursorId(filters.cursor);
  const rows = await selectMemberRows(db)
    .where(and(...conditions, below === null ? undefined : lt(members.id, below)))
    .orderBy(desc(members.id))
    .limit(filters.limit + 1);
  const [counted] = await db
    .select({ total: count() })
    .from(members)
    .leftJoin(stores, eq(stores.id, members.storeId))
    .leftJoin(vendors, eq(vendors.id, members.vendorId))
    .where(and(...conditions));
  const page = pageOf(rows, filters.limit, (row) => row.id);
  return { items: page.items.map(toMemberListItem), nextCursor: page.nextCursor, total: Number(counted?.total ?? 0) };
}
