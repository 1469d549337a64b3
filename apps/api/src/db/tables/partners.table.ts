import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CUSTOMER_KINDS } from '@app/shared/constants';
import { cities } from './geography.table';

export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  cityId: integer('city_id').notNull().references(() => cities.id),
  address: text('address').notNull(),
  phone: text('phone'),
  /** Null: not registered for GST; its invoices are reverse charge (design.md section 11). */
  gstin: text('gstin'),
  /** A GSTIN the vendor asked for, waiting for an admin (design.md section 16); null when none waits. */
  requestedGstin: text('requested_gstin'),
  gstinRequestedAt: timestamp('gstin_requested_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    // A store must belong to a vendor before it can create orders; a household's home has none.
    vendorId: integer('vendor_id').references(() => vendors.id),
    /** A store, or a household's home (design.md section 21, migration 0022): where the driver goes either way. */
    kind: text('kind', { enum: CUSTOMER_KINDS }).notNull().default('store'),
    name: text('name').notNull(),
    cityId: integer('city_id').notNull().references(() => cities.id),
    address: text('address').notNull(),
    phone: text('phone'),
    /** The store's pin, WGS84 degrees (design.md section 18); both null until set (migration 0016). */
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'stores_location_ck',
      sql`(${t.locationLat} IS NULL) = (${t.locationLng} IS NULL) AND (${t.locationLat} IS NULL OR (${t.locationLat} BETWEEN -90 AND 90 AND ${t.locationLng} BETWEEN -180 AND 180))`,
    ),
    check('stores_kind_ck', sql`${t.kind} IN ('store', 'household')`),
    // Serves a vendor's list of its stores.
    index('stores_vendor_idx').on(t.vendorId),
    // Serves GET /stores?ordering=[-]name and GET /orders?ordering=[-]store (migration 0005).
    index('stores_name_idx').on(t.name, t.id),
  ],
);

export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    cityId: integer('city_id').notNull().references(() => cities.id),
    vehicleNumber: text('vehicle_number').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves the admin's drivers list filtered by city.
  (t) => [index('drivers_city_idx').on(t.cityId)],
);

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    position: text('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves a store's staff list.
  (t) => [index('staff_store_idx').on(t.storeId)],
);
