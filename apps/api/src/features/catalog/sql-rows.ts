import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';

/**
 * Rows of a raw statement. Both drivers answer `{ rows }`; the shared database type
 * cannot say so. Raw statements here return only text, integers and booleans, which
 * both drivers read alike (timestamps go through the query builder, which maps them).
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL unique violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
