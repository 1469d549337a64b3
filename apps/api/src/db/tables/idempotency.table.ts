import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members.table';

export const IDEMPOTENCY_STATES = ['running', 'done'] as const;

/**
 * The first answer to each member's Idempotency-Key (design.md section 15), kept in the
 * database so every API process on it answers a repeat the same way. A row is claimed
 * `running` before the work starts and holds the answer once it is `done`
 * (src/idempotency/idempotent.ts says which answers are kept).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was first used for: method, route pattern with its path params (`PATCH /orders/accepted/42`). */
    route: text('route').notNull(),
    /** sha256 of the canonical JSON body, or of an uploaded file's bytes. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: IDEMPOTENCY_STATES }).notNull(),
    /** Whose claim a running row is: only that request stores its answer or gives the claim up. */
    claimToken: uuid('claim_token').notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    /** When the row was claimed (or a stale claim taken over): its age decides staleness and pruning. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One key per member: the claim is an insert that conflicts on it.
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.memberId, t.key] }),
    // Serves the scheduler's pruning of keys older than 48 hours.
    index('idempotency_keys_created_at_idx').on(t.createdAt),
    check('idempotency_keys_state_ck', sql`${t.state} IN ('running', 'done')`),
    check('idempotency_keys_answer_ck', sql`${t.state} = 'running' OR ${t.statusCode} IS NOT NULL`),
  ],
);
