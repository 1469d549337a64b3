import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.table';

/** A member's named list views: the list's query string (filters and sort). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves GET /saved-views (a member's views) and keeps names unique per member and list.
  (t) => [uniqueIndex('saved_views_member_list_name_idx').on(t.memberId, t.list, t.name)],
);
