import { desc, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { orderingOf, type OrderingValue } from '@app/shared/schemas/list';
import type { DbOrTx } from '../../db/database';
import { keysetPageByLookup, keysetPlan } from '../keyset';
import { cursorId, pageOf, type Page } from '../paging';
import type { Sorting } from './sorting';

/** What a list page's query string says of its place: the rows and where they start. */
export interface PageQuery<F extends string = string> {
  limit: number;
  cursor?: string | undefined;
  ordering?: OrderingValue<F> | undefined;
}

/** One page's ORDER BY, the condition past the cursor, and how the fetched rows become the page. */
export interface PagePlan {
  orderBy: SQL[];
  after: SQL | undefined;
  cut<R extends { id: number }>(db: DbOrTx, rows: R[]): Promise<Page<R>>;
}

/**
 * A sorted list pages by keyset on (key, id), its cursor naming the sort; a list without a
 * sort is newest first by id, its cursor the last id (http/paging.ts). Either way the query
 * fetches `limit + 1` rows and the plan cuts them.
 */
export function pagePlan<F extends string>(table: PgTable, id: AnyColumn, sorting: Sorting<F> | undefined, query: PageQuery<F>): PagePlan {
  const idOf = (row: { id: number }) => row.id;
  if (!sorting) {
    const after = cursorId(query.cursor);
    return { orderBy: [desc(id)], after: after === null ? undefined : lt(id, after), cut: async (_db, rows) => pageOf(rows, query.limit, idOf) };
  }
  const ordering = orderingOf(query.ordering, sorting.fallback);
  const key = sorting.keys[ordering.field];
  const plan = keysetPlan(key, id, ordering, query.cursor);
  return { ...plan, cut: (db, rows) => keysetPageByLookup(db, rows, query.limit, ordering, key, table, id, idOf) };
}
