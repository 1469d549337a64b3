import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { sqlStateOf } from '../../http/database-unavailable';
import { queryRow } from '../../db/sql-rows';

interface JournalEntry {
  tag: string;
  /** drizzle's migrator records this as the migration's `created_at` once applied. */
  when: number;
}

const JOURNAL_PATH = path.resolve(import.meta.dirname, '../../db/migrations/meta/_journal.json');
const journal = (JSON.parse(fs.readFileSync(JOURNAL_PATH, 'utf8')) as { entries: JournalEntry[] }).entries;

/** The newest migration this code ships. */
export const LATEST_MIGRATION: JournalEntry = journal.reduce((a, b) => (b.when > a.when ? b : a));

export type SchemaStatus = { current: true } | { current: false; applied: string | null };

// No drizzle schema or no migrations table: nothing was ever applied here.
const NEVER_MIGRATED = new Set(['3F000', '42P01']);

/**
 * Whether the database has every migration of this code. drizzle's migrator applies a
 * migration when its journal `when` is newer than the newest `created_at` in
 * drizzle.__drizzle_migrations; the same comparison says whether it still would. A
 * database ahead of the code (a newer version migrated it) counts as current.
 */
export async function readSchemaStatus(db: Database): Promise<SchemaStatus> {
  let newest: number | null;
  try {
    // Text: PGlite and node-postgres read bigint differently.
    const value = (await queryRow<{ newest: string | null }>(db, sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`))?.newest;
    newest = value == null ? null : Number(value);
  } catch (error) {
    if (NEVER_MIGRATED.has(sqlStateOf(error) ?? '')) return { current: false, applied: null };
    throw error;
  }
  if (newest !== null && newest >= LATEST_MIGRATION.when) return { current: true };
  const applied = newest === null ? null : (journal.find((entry) => entry.when === newest)?.tag ?? `one of ${new Date(newest).toISOString()}`);
  return { current: false, applied };
}
