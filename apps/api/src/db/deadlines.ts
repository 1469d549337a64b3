import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbOrTx } from './database';

// design.md section 23, "Every query has a deadline" (decision 061): every session of the
// API's pool starts with a statement and a lock timeout (db/database.ts, from the
// configuration); exports and reports raise the statement timeout for their own reads here.

/** The pool behind `db` when it is PostgreSQL; undefined on PGlite (one embedded connection). */
export function postgresPoolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * Runs the reads of a report under a longer statement timeout: a read-only transaction with
 * `SET LOCAL statement_timeout`, so only its own statements get it and the connection goes
 * back to the pool with the session's setting. The lock timeout stays: a report waits on a
 * lock no longer than a page does. PGlite ignores statement_timeout (no timer signals in
 * WebAssembly) and has one connection that a transaction would hold, so there it just runs.
 */
export async function withReportDeadline<T>(db: Database, statementTimeoutMs: number, work: (db: DbOrTx) => Promise<T>): Promise<T> {
  if (!postgresPoolOf(db)) return work(db);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(statementTimeoutMs)}, true)`);
      return work(tx);
    },
    { accessMode: 'read only' },
  );
}
