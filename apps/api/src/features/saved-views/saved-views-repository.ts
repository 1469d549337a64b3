import { and, count, desc, eq } from 'drizzle-orm';
import type { SavedView, SavedViewList } from '@app/shared/schemas/saved-views';
import type { DbOrTx } from '../../db/database';
import { members } from '../../db/tables/members.table';
import { savedViews } from '../../db/tables/saved-views.table';

type SavedViewRow = typeof savedViews.$inferSelect;

const toSavedView = (row: SavedViewRow): SavedView => ({
  id: row.id,
  name: row.name,
  list: row.list as SavedViewList,
  query: row.query,
  created_at: row.createdAt.toISOString(),
});

/** A member's views, newest first, of one list or all. */
export async function listSavedViews(db: DbOrTx, memberId: number, list: SavedViewList | undefined): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.memberId, memberId), list === undefined ? undefined : eq(savedViews.list, list)))
    .orderBy(desc(savedViews.id));
  return rows.map(toSavedView);
}

/**
 * Locks the member's row until the transaction ends, so a member's creates run one after
 * another. NO KEY UPDATE: it queues only writers like itself, not the foreign-key checks
 * of rows that point at the member (their KEY SHARE locks do not conflict with it).
 */
export async function lockMemberForViews(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

export async function countSavedViews(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedViews).where(eq(savedViews.memberId, memberId));
  return row?.n ?? 0;
}

/** The new view, or null when the member already has a view of that name on that list. */
export async function insertSavedView(db: DbOrTx, values: { memberId: number; list: SavedViewList; name: string; query: string }): Promise<SavedView | null> {
  const [row] = await db.insert(savedViews).values(values).onConflictDoNothing().returning();
  return row ? toSavedView(row) : null;
}

/** Deletes the member's own view; false when it has none of that id (another member's included). */
export async function deleteSavedView(db: DbOrTx, memberId: number, id: number): Promise<boolean> {
  const rows = await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.memberId, memberId))).returning({ id: savedViews.id });
  return rows.length > 0;
}
