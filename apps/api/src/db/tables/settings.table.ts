import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.table';

/** Settings by key: order rules, company information, privacy and terms texts, a member's notification choices (key `notification:{memberId}`). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => members.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
