import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.table';
import { orderEvents, orders } from './orders.table';
import { stores, vendors } from './partners.table';

export const escalations = pgTable(
  'escalations',
  {
    id: serial('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id),
    storeId: integer('store_id').references(() => stores.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    // Null: opened by the system (an order standing too long in a status).
    createdBy: integer('created_by').references(() => members.id),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['open', 'in_progress', 'resolved'] }).notNull().default('open'),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // The order event that began the stay this escalation is about: one escalation per stay.
    orderEventId: bigint('order_event_id', { mode: 'number' }).references(() => orderEvents.id),
  },
  (t) => [
    // Serves the admin's escalation list by status.
    index('escalations_status_idx').on(t.status, t.id),
    // Serves a store's and a vendor's own escalations.
    index('escalations_store_idx').on(t.storeId, t.id),
    index('escalations_vendor_idx').on(t.vendorId, t.id),
    // One escalation per stay of an order in a status.
    uniqueIndex('escalations_order_event_uq').on(t.orderEventId),
    // Serves closing an order's open system escalations on each of its transitions (migration 0014).
    index('escalations_open_system_idx').on(t.orderId).where(sql`created_by is null and status <> 'resolved'`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves a member's unread notifications, newest first.
  (t) => [index('notifications_member_idx').on(t.memberId, t.id)],
);
