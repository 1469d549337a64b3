import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './database';

// The one way to read rows of a raw statement (`sql`...``), for the queries the builder
// cannot say (window functions, FOR UPDATE SKIP LOCKED in a CTE, UPDATE ... RETURNING with
// subqueries). Callers name the row type once; nothing else casts a driver's result.

/**
 * Rows of a raw statement, as `T`. node-postgres and PGlite both answer `{ rows }` (an
 * array in some drivers' modes); the shared database type cannot say so. Keep raw statements
 * to text, integers, floats and booleans, which both drivers read alike: cast bigint and
 * numeric to text (`::text`) and timestamps to text or epoch numbers, and convert in the caller.
 */
export async function queryRows<T extends object>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The first row of a raw statement, or undefined when it returned none. */
export async function queryRow<T extends object>(db: DbOrTx, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

/** A PostgreSQL unique violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
