import { sql } from 'drizzle-orm';
import { ROLES } from '@app/shared/constants';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { drivers, stores, vendors } from './partners.table';

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    // E-mail address, kept lower-case; the sign-in name.
    loginId: text('login_id').notNull(),
    name: text('name').notNull(),
    // E.164 (+919812345678), unique among members (migration 0020).
    phone: text('phone'),
    role: text('role', { enum: ROLES }).notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    approvalStatus: text('approval_status', { enum: ['pending', 'approved', 'cancelled'] }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    vendorId: integer('vendor_id').references((): AnyPgColumn => vendors.id),
    storeId: integer('store_id').references((): AnyPgColumn => stores.id),
    driverId: integer('driver_id').references((): AnyPgColumn => drivers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves GET /members/{loginId} and sign-in.
    uniqueIndex('members_login_id_uq').on(sql`lower(${t.loginId})`),
    // A phone is an identity (design.md section 20): one member per number; serves sign-in with a code.
    uniqueIndex('members_phone_uq').on(t.phone).where(sql`phone is not null`),
    // Serves the admin's list of sign-ups waiting for approval.
    index('members_approval_idx').on(t.approvalStatus, t.role),
    // Serve finding the member of a vendor, store or driver (partner lists, order views).
    index('members_vendor_idx').on(t.vendorId),
    index('members_store_idx').on(t.storeId),
    index('members_driver_idx').on(t.driverId),
  ],
);

/** How a member proves who they are: a local password, or a hosted pool's username. */
export const identities = pgTable(
  'identities',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['local', 'cognito'] }).notNull(),
    subject: text('subject').notNull(),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves sign-in: the identity of a provider's subject.
  (t) => [uniqueIndex('identities_provider_subject_uq').on(t.provider, t.subject)],
);
