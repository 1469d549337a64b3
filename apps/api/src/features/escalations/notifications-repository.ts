import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Notification, notificationListQuerySchema } from '@app/shared/schemas/escalations';
import type { DbOrTx } from '../../db/database';
import { notifications } from '../../db/tables/escalations.table';
import { cursorId, pageOf, type Page } from '../../http/paging';

export type NotificationFilters = z.output<typeof notificationListQuerySchema>;

const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  link: row.link,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** A member's own notifications, newest first; nobody reads another's. */
export async function listNotifications(db: DbOrTx, memberId: number, filters: NotificationFilters): Promise<Page<Notification> & { total: number }> {
  const where: SQL | undefined = and(eq(notifications.memberId, memberId), filters.unread === true ? isNull(notifications.readAt) : undefined);
  const after = cursorId(filters.cursor);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(where, after === null ? undefined : lt(notifications.id, after)))
      .orderBy(desc(notifications.id))
      .limit(filters.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where),
  ]);
  const page = pageOf(rows, filters.limit, (r) => r.id);
  return { items: page.items.map(toNotification), nextCursor: page.nextCursor, total: Number(count?.n ?? 0) };
}

/** Marks one of the member's notifications read (keeping the first read time); null when it is not theirs. */
export async function markRead(db: DbOrTx, memberId: number, id: number): Promise<Notification | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.memberId, memberId)))
    .returning();
  return row ? toNotification(row) : null;
}

/** Marks all of the member's unread notifications read; answers how many changed. */
export async function markAllRead(db: DbOrTx, memberId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
