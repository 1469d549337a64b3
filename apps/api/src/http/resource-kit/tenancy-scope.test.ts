import { eq, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { stores } from '../../db/tables/partners.table';
import type { Tenancy } from '../../auth/tenancy';
import { tenancyScope } from './tenancy-scope';

const dialect = new PgDialect();
/** The condition as PostgreSQL gets it. */
function rendered(condition: SQL | undefined) {
  if (!condition) return undefined;
  const { sql, params } = dialect.sqlToQuery(condition);
  return { sql, params };
}

const storeRules = { vendor: ({ vendorId }: { vendorId: number }) => eq(stores.vendorId, vendorId), store: ({ storeId }: { storeId: number }) => eq(stores.id, storeId) };

describe('tenancyScope', () => {
  it('lets an admin see every record', () => {
    expect(tenancyScope({ kind: 'all' }, storeRules)).toBeUndefined();
  });

  it('narrows a partner to what its rule says', () => {
    expect(rendered(tenancyScope({ kind: 'vendor', vendorId: 7 }, storeRules))).toEqual({ sql: '"stores"."vendor_id" = $1', params: [7] });
    expect(rendered(tenancyScope({ kind: 'store', storeId: 3 }, storeRules))).toEqual({ sql: '"stores"."id" = $1', params: [3] });
  });

  it('shows nothing to a partner the resource has no rule for, nor to a caller of no tenancy', () => {
    const nothing = { sql: 'false', params: [] };
    const driver: Tenancy = { kind: 'driver', driverId: 1, cityId: 1 };
    expect(rendered(tenancyScope(driver, storeRules))).toEqual(nothing);
    expect(rendered(tenancyScope({ kind: 'none' }, storeRules))).toEqual(nothing);
  });
});
