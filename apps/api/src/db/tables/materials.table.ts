import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cities } from './geography.table';
import { members } from './members.table';

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The material's name in Hindi, shown to Hindi readers (screens and PDFs); null: the English name is shown. */
    nameHi: text('name_hi'),
    // Default rates per kg, in paise, used where a city has no rate of its own.
    vendorRatePaise: integer('vendor_rate_paise').notNull(),
    driverRatePaise: integer('driver_rate_paise').notNull(),
    b2cRatePaise: integer('b2c_rate_paise').notNull(),
    /** HSN heading for GST invoices (design.md section 11). */
    hsnCode: text('hsn_code'),
    /** GST rate in basis points (1800 = 18%): 0.25% stays an integer. */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique case-insensitively, so "Copper" and "copper" cannot both exist.
  (t) => [uniqueIndex('materials_name_uq').on(sql`lower(${t.name})`)],
);

export const cityRates = pgTable(
  'city_rates',
  {
    cityId: integer('city_id').notNull().references(() => cities.id),
    materialId: integer('material_id').notNull().references(() => materials.id),
    rateType: text('rate_type', { enum: ['vendor', 'driver', 'b2c'] }).notNull(),
    ratePaise: integer('rate_paise').notNull(),
    updatedBy: integer('updated_by').references(() => members.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.materialId, t.rateType] }),
    // Serves GET /rates?type=...: the whole card of one rate type in one scan.
    index('city_rates_type_idx').on(t.rateType, t.cityId),
  ],
);

export const rateHistory = pgTable(
  'rate_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // Null city: a change of the material's default rate.
    cityId: integer('city_id').references(() => cities.id),
    materialId: integer('material_id').notNull().references(() => materials.id),
    rateType: text('rate_type', { enum: ['vendor', 'driver', 'b2c'] }).notNull(),
    ratePaise: integer('rate_paise').notNull(),
    previousPaise: integer('previous_paise'),
    changedBy: integer('changed_by').references(() => members.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves "what was this rate on a given day": the latest change at or before a time.
  (t) => [index('rate_history_lookup_idx').on(t.cityId, t.materialId, t.rateType, t.changedAt)],
);
