import type pg from 'pg';
import type { Database } from './database';
import { postgresPoolOf } from './deadlines';

// Reading a large result in batches (the exports). On PostgreSQL: a server-side cursor in a
// read-only, repeatable-read transaction on its own connection, so the file is one
// consistent snapshot and the process holds one batch. PGlite has one connection, and a
// transaction held open for a whole download would stall every other request, so there
// the caller pages by keyset instead (`null` here says so).

interface CompiledQuery {
  toSQL(): { sql: string; params: unknown[] };
}

interface BatchOptions {
  batchSize: number;
  /** The statement timeout of this transaction only (DB_EXPORT_STATEMENT_TIMEOUT_MS): a first FETCH may sort every row. */
  statementTimeoutMs: number;
}

/**
 * The rows of `query` (a drizzle select), `batchSize` at a time, each row as an object
 * keyed like the select (fields in selection order), or null on PGlite.
 */
export function cursorBatches<T>(db: Database, query: CompiledQuery, keys: readonly (keyof T & string)[], options: BatchOptions): AsyncGenerator<T[]> | null {
  const pool = postgresPoolOf(db);
  return pool ? read(pool, query, keys, options) : null;
}

async function* read<T>(pool: pg.Pool, query: CompiledQuery, keys: readonly (keyof T & string)[], { batchSize, statementTimeoutMs }: BatchOptions): AsyncGenerator<T[]> {
  const { sql, params } = query.toSQL();
  const connection = await pool.connect();
  let failed = false;
  try {
    await connection.query('begin isolation level repeatable read read only');
    await connection.query({ text: "select set_config('statement_timeout', $1, true)", values: [String(statementTimeoutMs)] });
    await connection.query({ text: `declare export_rows no scroll cursor for ${sql}`, values: params });
    for (;;) {
      const result = await connection.query<unknown[]>({ text: `fetch forward ${batchSize} from export_rows`, rowMode: 'array' });
      if (result.rows.length === 0) break;
      yield result.rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])) as T);
      if (result.rows.length < batchSize) break;
    }
    await connection.query('commit');
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Also when the client went away mid-download (the generator is returned early).
    if (!failed) await connection.query('rollback').catch(() => undefined);
    connection.release(failed);
  }
}
