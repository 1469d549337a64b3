import { asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database';
import { formatOrdering, type Ordering } from '@app/shared/schemas/list';
import { isWellFormedText } from '@app/shared/schemas/text';
import { fieldError } from './http-error';
import type { Page } from './paging';

// Keyset paging on a sort key (design.md section 13). Rows are ordered by (key, id), both in
// the sort's direction, so the order is total; the cursor carries the last row's key and id
// and the next page is the rows past that pair. No OFFSET: a page costs the same at any
// depth, and rows inserted or changed elsewhere never shift a page (no repeats, no gaps).

/** How a list sorts by one field: the SQL expression and its PostgreSQL type (for the cursor's cast). */
export interface SortKey {
  expr: AnyColumn | SQL;
  type: 'timestamptz' | 'bigint' | 'integer' | 'text';
}

export interface KeysetCursor {
  key: string;
  id: number;
}

const cursorError = () => fieldError('cursor', 'Use the cursor of the previous page\'s Link header (with the same ordering)');

/** The cursor names its ordering: a cursor of another sort cannot silently mis-page. */
export function encodeCursor(ordering: Ordering, key: string, id: number): string {
  return Buffer.from(JSON.stringify([formatOrdering(ordering.field, ordering.descending), key, id])).toString('base64url');
}

export function decodeCursor(ordering: Ordering, cursor: string | undefined): KeysetCursor | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw cursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw cursorError();
  const [sort, key, id] = parsed as unknown[];
  if (sort !== formatOrdering(ordering.field, ordering.descending) || typeof key !== 'string' || !Number.isSafeInteger(id) || (id as number) < 1) throw cursorError();
  return { key, id: id as number };
}

/** The sort key as text, exactly as PostgreSQL holds it (microseconds of a time included), for the cursor. */
export const sortKeyText = (key: SortKey) => sql<string>`(${key.expr})::text`;

// A timestamptz as `::text` writes it in UTC: `2024-05-01 10:00:00.123456+00`.
const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-]\d{2}(?::\d{2}){0,2}$/;
const INTEGER_RANGE = { integer: 2n ** 31n, bigint: 2n ** 63n } as const;

/**
 * Whether PostgreSQL can cast the cursor's key to the sort's type. The cursor comes from the
 * client, so a key edited or made up would otherwise fail the cast in the query: a 500
 * instead of a 400 naming the cursor.
 */
function keyFits(type: SortKey['type'], key: string): boolean {
  if (type === 'text') return !key.includes('\u0000') && isWellFormedText(key);
  if (type === 'timestamptz') {
    const parts = TIMESTAMP_TEXT.exec(key)?.slice(1, 7).map(Number);
    if (!parts) return false;
    const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
    // Date.UTC rolls 30 February over into March: only a date that stays itself is one.
    return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  }
  if (!/^-?\d{1,19}$/.test(key)) return false;
  const value = BigInt(key);
  return value >= -INTEGER_RANGE[type] && value < INTEGER_RANGE[type];
}

/** Rows past the cursor: `(key, id) < (k, i)` descending, `>` ascending; served by an index on (key, id). */
export function afterCursor(key: SortKey, id: AnyColumn, ordering: Ordering, cursor: KeysetCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  if (!keyFits(key.type, cursor.key)) throw cursorError();
  const op = sql.raw(ordering.descending ? '<' : '>');
  return sql`(${key.expr}, ${id}) ${op} (cast(${cursor.key} as ${sql.raw(key.type)}), cast(${cursor.id} as bigint))`;
}

export function keysetOrderBy(key: SortKey, id: AnyColumn, ordering: Ordering): SQL[] {
  const dir = ordering.descending ? desc : asc;
  return [dir(key.expr), dir(id)];
}

/** Cuts rows fetched with `limit + 1` into the page and the cursor after its last row. */
export function keysetPage<T extends { sortKey: string }>(rows: T[], limit: number, ordering: Ordering, idOf: (row: T) => number): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1]!;
  return { items, nextCursor: encodeCursor(ordering, last.sortKey, idOf(last)) };
}

/** What a sorted list query needs: its ORDER BY and the condition past the cursor. */
export function keysetPlan(key: SortKey, id: AnyColumn, ordering: Ordering, cursor: string | undefined) {
  return { orderBy: keysetOrderBy(key, id, ordering), after: afterCursor(key, id, ordering, decodeCursor(ordering, cursor)) };
}

/**
 * keysetPage for lists whose select does not carry the sort key: the last row's key is read
 * by its id (one primary-key lookup per page), exactly as PostgreSQL holds it.
 */
export async function keysetPageByLookup<T>(
  db: DbOrTx,
  rows: T[],
  limit: number,
  ordering: Ordering,
  key: SortKey,
  table: PgTable,
  id: AnyColumn,
  idOf: (row: T) => number,
): Promise<Page<T>> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const lastId = idOf(items[items.length - 1]!);
  const [row] = await db.select({ key: sortKeyText(key) }).from(table).where(eq(id, lastId));
  return { items, nextCursor: row ? encodeCursor(ordering, row.key, lastId) : null };
}
