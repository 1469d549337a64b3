import type { Database, Tx } from '../../db/database';
import { transientConflict } from '../../http/http-error';

/** The PostgreSQL error code of an error or of one of its causes (drizzle wraps driver errors). */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * One transaction; a serialization failure or deadlock (another client won a race the
 * row lock did not cover) becomes a 409 the client can retry, never a 500.
 */
export async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    const code = pgCode(error);
    if (code === '40001' || code === '40P01') throw transientConflict('The order changed meanwhile. Reload it and try again.');
    throw error;
  }
}
