import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CUSTOMER_KINDS } from '@app/shared/constants';
import { cities } from './geography.table';
import { materials } from './materials.table';
import { members } from './members.table';
import { drivers, stores, vendors } from './partners.table';

export const ORDER_STATUS_VALUES = [
  'pending', 'accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue', 'completed', 'cancelled',
] as const;

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    storeId: integer('store_id').notNull().references(() => stores.id),
    // Copied from the store at creation so tenancy filters need no join; null for a household's pickup.
    vendorId: integer('vendor_id').references(() => vendors.id),
    customerKind: text('customer_kind', { enum: CUSTOMER_KINDS }).notNull().default('store'),
    cityId: integer('city_id').notNull().references(() => cities.id),
    driverId: integer('driver_id').references(() => drivers.id),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    note: text('note'),
    totalWeightGrams: bigint('total_weight_grams', { mode: 'number' }).notNull().default(0),
    vendorAmountPaise: bigint('vendor_amount_paise', { mode: 'number' }).notNull().default(0),
    driverAmountPaise: bigint('driver_amount_paise', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // The slot the store chose (design.md section 18) as the instants it begins and ends; both null: any time.
    pickupSlotStart: timestamp('pickup_slot_start', { withTimezone: true }),
    pickupSlotEnd: timestamp('pickup_slot_end', { withTimezone: true }),
    // A household's pickup (design.md section 21): how the driver paid at the door.
    paymentMethod: text('payment_method', { enum: ['cash', 'upi'] }),
    paymentReference: text('payment_reference'),
    // The code the household's SMS carries for the driver to complete with (keyed hash), its wrong tries and its end.
    handoverCodeHash: text('handover_code_hash'),
    handoverAttempts: integer('handover_attempts').notNull().default(0),
    handoverExpiresAt: timestamp('handover_expires_at', { withTimezone: true }),
  },
  (t) => [
    // Serves the store's 5-second poll (store_id, status) newest first.
    index('orders_store_status_idx').on(t.storeId, t.status, t.id),
    // Serves the admin's status tabs and their counts.
    index('orders_status_idx').on(t.status, t.id),
    // Serves a vendor's orders list.
    index('orders_vendor_idx').on(t.vendorId, t.id),
    // Serves a driver's pickups to take: pending orders of its city.
    index('orders_city_status_idx').on(t.cityId, t.status, t.id),
    // Serves a driver's own orders.
    index('orders_driver_idx').on(t.driverId, t.id),
    // Serves what a driver holds now (its position's 409, retention, dispatch): held orders only (migration 0019).
    index('orders_driver_held_idx')
      .on(t.driverId, t.status, t.id)
      .where(sql`status in ('accepted', 'moving', 'arrived', 'waiting_store', 'waiting_admin', 'waiting_driver', 'issue')`),
    // Serves the scheduler's auto-cancel: only pending orders, by the instant their wait counts
    // from (the slot's end, else the creation), oldest first (design.md sections 16 and 18).
    index('orders_pending_cancel_from_idx').on(sql`coalesce(${t.pickupSlotEnd}, ${t.createdAt})`, t.id).where(sql`status = 'pending'`),
    // Serves `pickup_date`: a day's slots, in a driver's city or any; only orders with a slot.
    index('orders_pickup_slot_idx').on(t.pickupSlotStart, t.cityId).where(sql`pickup_slot_start is not null`),
    check(
      'orders_customer_kind_ck',
      sql`${t.customerKind} IN ('store', 'household') AND (${t.customerKind} = 'household') = (${t.vendorId} IS NULL)`,
    ),
    check('orders_payment_ck', sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('cash', 'upi')`),
    // Serves the admin's list filtered to households' pickups.
    index('orders_household_idx').on(t.id).where(sql`customer_kind = 'household'`),
    check('orders_pickup_slot_ck', sql`(${t.pickupSlotStart} IS NULL) = (${t.pickupSlotEnd} IS NULL) AND (${t.pickupSlotStart} IS NULL OR ${t.pickupSlotStart} < ${t.pickupSlotEnd})`),
    // Serves GET /orders in its default sort (-created_at) for the admin, and date filters.
    index('orders_created_at_id_idx').on(t.createdAt, t.id),
    // Serve GET /orders?ordering=[-]updated_at, vendor_amount, driver_amount, total_weight.
    index('orders_updated_at_id_idx').on(t.updatedAt, t.id),
    index('orders_vendor_amount_id_idx').on(t.vendorAmountPaise, t.id),
    index('orders_driver_amount_id_idx').on(t.driverAmountPaise, t.id),
    index('orders_total_weight_id_idx').on(t.totalWeightGrams, t.id),
    // Serve a vendor's and a store's GET /orders in the default sort (-created_at).
    index('orders_vendor_created_idx').on(t.vendorId, t.createdAt, t.id),
    index('orders_store_created_idx').on(t.storeId, t.createdAt, t.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
    materialId: integer('material_id').notNull().references(() => materials.id),
    // Null until weighed: a store may create a pickup without an estimate.
    weightGrams: bigint('weight_grams', { mode: 'number' }),
    vendorRatePaise: integer('vendor_rate_paise').notNull(),
    driverRatePaise: integer('driver_rate_paise').notNull(),
    // The consumer rate that stood when the line was priced: margins do not move with the rate card.
    b2cRatePaise: integer('b2c_rate_paise').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    driverAmountPaise: bigint('driver_amount_paise', { mode: 'number' }).notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  // Serves loading an order's lines.
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => members.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    linesBefore: jsonb('lines_before'),
    linesAfter: jsonb('lines_after'),
    // When the step was taken (a phone's outbox sends it late, with its time); created_at is when it was received.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    // An arrival: where the phone was, and metres from there to the store's pin (null when either is unknown).
    arrivedLat: doublePrecision('arrived_lat'),
    arrivedLng: doublePrecision('arrived_lng'),
    arrivedAccuracyM: doublePrecision('arrived_accuracy_m'),
    arrivedDistanceM: integer('arrived_distance_m'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves an order's history, oldest first.
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const orderImages = pgTable(
  'order_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => orders.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => members.id),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves an order's photo list.
  (t) => [index('order_images_order_idx').on(t.orderId)],
);
