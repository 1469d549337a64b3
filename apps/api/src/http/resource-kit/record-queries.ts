import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import type { Page } from '../paging';
import { pagePlan, type PageQuery } from './page-plan';
import type { RecordSource } from './record-source';
import type { Sorting } from './sorting';

/** `count(*)` as a select's only column; countOf reads it. */
export const COUNT_ALL = { n: sql<number>`count(*)::int` };

export async function countOf(rows: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await rows;
  return Number(row?.n ?? 0);
}

export interface ListPage<Item> extends Page<Item> {
  /** How many records the whole filtered list holds (X-Total-Count). */
  total: number;
}

export interface RecordQueries<T extends PgTable, Item, Q> {
  /** One page of the records the caller sees, narrowed by the query string. */
  list(db: DbOrTx, tenancy: Tenancy, query: Q): Promise<ListPage<Item>>;
  /** The record, or null when it does not exist or the caller may not see it. */
  find(db: DbOrTx, tenancy: Tenancy, id: number): Promise<Item | null>;
  /** Changes a record the caller may change; false when there is none to change. */
  update(db: DbOrTx, tenancy: Tenancy, id: number, changes: PgUpdateSetSource<T>): Promise<boolean>;
  /** Removes a record the caller may change; false when there is none to remove. */
  remove(db: DbOrTx, tenancy: Tenancy, id: number): Promise<boolean>;
}

export function recordQueries<T extends PgTable, Row extends { id: number }, Item, Q extends PageQuery>(
  source: RecordSource<T, Row, Item, Q>,
): RecordQueries<T, Item, Q> {
  const { table, id } = source;
  // As a plain PgTable: drizzle cannot tell a generic table from a subquery of a write.
  const count = source.count ?? ((db: DbOrTx, where: SQL | undefined) => countOf(db.select(COUNT_ALL).from(table as PgTable).where(where)));
  const writable = (tenancy: Tenancy, recordId: number) => and(eq(id, recordId), (source.writable ?? source.visible)(tenancy));

  return {
    async list(db, tenancy, query) {
      const where = and(source.visible(tenancy), source.filter(query));
      const plan = pagePlan(table, id, source.sorting as Sorting<string> | undefined, query);
      const [rows, total] = await Promise.all([
        source.select(db).where(and(where, plan.after)).orderBy(...plan.orderBy).limit(query.limit + 1),
        count(db, where),
      ]);
      const page = await plan.cut(db, rows);
      return { items: await source.present(db, page.items), nextCursor: page.nextCursor, total };
    },

    async find(db, tenancy, recordId) {
      const rows = await source.select(db).where(and(eq(id, recordId), source.visible(tenancy))).limit(1);
      const [item] = await source.present(db, rows);
      return item ?? null;
    },

    async update(db, tenancy, recordId, changes) {
      const rows = await db.update(table).set(changes).where(writable(tenancy, recordId)).returning({ id });
      return rows.length > 0;
    },

    async remove(db, tenancy, recordId) {
      const rows = await db.delete(table).where(writable(tenancy, recordId)).returning({ id });
      return rows.length > 0;
    },
  };
}
