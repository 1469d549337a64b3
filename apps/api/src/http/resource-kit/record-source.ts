import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import type { PageQuery } from './page-plan';
import type { OrderingField, Sorting } from './sorting';

/** The select a resource reads its records with; the kit adds the WHERE, ORDER BY and LIMIT. */
export interface RecordSelect<Row> {
  where(where: SQL | undefined): {
    orderBy(...by: SQL[]): { limit(limit: number): PromiseLike<Row[]> };
    limit(limit: number): PromiseLike<Row[]>;
  };
}

/** What a resource declares of its records; recordQueries turns it into list, find, update and remove. */
export interface RecordSource<T extends PgTable, Row extends { id: number }, Item, Q extends PageQuery> {
  /** The table and its id: what is counted, changed, removed, and read one by one. */
  table: T;
  id: PgColumn;
  /** The records with what they show joined. */
  select(db: DbOrTx): RecordSelect<Row>;
  /** Counts what `select` finds, joining what `visible` and `filter` name; by default the table alone. */
  count?(db: DbOrTx, where: SQL | undefined): Promise<number>;
  /** The records a caller may see (tenancyScope); any other is answered 404. */
  visible(tenancy: Tenancy): SQL | undefined;
  /** The records a caller may change or remove, when that is fewer than it sees. */
  writable?(tenancy: Tenancy): SQL | undefined;
  /** What the list's query string narrows it to (filterBy). */
  filter(query: Q): SQL | undefined;
  /** How the list sorts; without it, newest first by id. */
  sorting?: Sorting<OrderingField<Q>>;
  /** The rows as the API answers them. */
  present(db: DbOrTx, rows: Row[]): Item[] | Promise<Item[]>;
}
