import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { members } from './members.table';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    // Every rotation stays in its family, so a replayed token can revoke them all.
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves revoking a whole family.
    index('refresh_tokens_family_idx').on(t.familyId),
    // Serves revoking every session of a member (password reset, rejection).
    index('refresh_tokens_member_idx').on(t.memberId),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves finding a member's live code.
  (t) => [index('password_reset_codes_member_idx').on(t.memberId, t.createdAt)],
);

/**
 * Sign-in codes by SMS (design.md section 20, migration 0020): one row per number asked
 * for, member's or not, so both are answered alike. `phone_key` is a keyed digest of the
 * E.164 number (a stranger's number is not kept); a new request replaces the row's code.
 * The scheduler deletes rows whose code and 30-second gap are both over.
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    phoneKey: text('phone_key').primaryKey(),
    /** Null: no member has this number (a household signing up, or a stranger). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under a server key; null when no code was made (a stranger not signing up). */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    /** The last request taken: the next one for this number comes 30 seconds later at the earliest. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Serves the scheduler's deletion of spent rows.
  (t) => [index('sign_in_codes_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters shared by every API process through the database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
