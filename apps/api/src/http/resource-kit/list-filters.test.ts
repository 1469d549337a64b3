import { eq, ilike, isNull, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { stores } from '../../db/tables/partners.table';
import { filterBy, type FilterRules } from './list-filters';

const dialect = new PgDialect();
/** The condition as PostgreSQL gets it. */
function rendered(condition: SQL | undefined) {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
}

interface StoreQuery {
  vendor_id?: number | undefined;
  unassigned?: boolean | undefined;
  search?: string | undefined;
}

const seen: string[] = [];
const rules: FilterRules<StoreQuery> = {
  vendor_id: (vendorId) => eq(stores.vendorId, vendorId),
  unassigned: (unassigned) => (unassigned ? isNull(stores.vendorId) : undefined),
  search: (pattern, text) => {
    seen.push(text);
    return ilike(stores.name, pattern);
  },
};

describe('filterBy', () => {
  it('narrows nothing when no parameter is given, or one is empty', () => {
    expect(filterBy(rules, {})).toBeUndefined();
    expect(filterBy(rules, { vendor_id: undefined, search: '' })).toBeUndefined();
  });

  it('ANDs the rules of the parameters given, a false flag included', () => {
    expect(rendered(filterBy(rules, { vendor_id: 4, unassigned: true }))).toEqual({ sql: '("stores"."vendor_id" = $1 and "stores"."vendor_id" is null)', params: [4] });
    const calls: boolean[] = [];
    filterBy<StoreQuery>(
      {
        unassigned: (flag) => {
          calls.push(flag);
          return undefined;
        },
      },
      { unassigned: false },
    );
    expect(calls).toEqual([false]);
  });

  it('searches with the text taken literally, and hands the rule the text as typed', () => {
    expect(rendered(filterBy(rules, { search: '50%_off' }))).toEqual({ sql: '"stores"."name" ilike $1', params: ['%50\\%\\_off%'] });
    expect(seen).toEqual(['50%_off']);
  });
});
