import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalations } from '../../db/tables/escalations.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import type { TestMember } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// Migration 0012 gives the escalations of a running system their vendor: rows written before
// it kept vendor_id null for a store's, a driver's issue and the scheduler's escalations. Its
// statements run again here on rows written the old way.

const MIGRATION = fileURLToPath(new URL('../../db/migrations/0012_escalation_owner.sql', import.meta.url));

describe.each(TEST_DB_KINDS)('migration 0012 on %s', (kind) => {
  let ctx: TestContext;
  let oldVendor: TestMember;
  let newVendor: TestMember;
  let store: TestMember;
  let vendorless: TestMember;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    oldVendor = await ctx.factories.createMember('vendor');
    newVendor = await ctx.factories.createMember('vendor');
    store = await ctx.factories.createMember('store', { vendorId: oldVendor.vendorId });
    vendorless = await ctx.factories.createMember('store', { vendorId: null });
  });
  afterAll(async () => ctx?.close());

  it('backfills the order\'s vendor, else the store\'s current one, and leaves a vendorless store\'s row ownerless', async () => {
    const [order] = await ctx.db.insert(orders).values({ storeId: store.storeId!, vendorId: oldVendor.vendorId!, cityId: store.cityId! }).returning({ id: orders.id });
    const legacy = { subject: 's', description: 'd' };
    const rows = await ctx.db
      .insert(escalations)
      .values([
        { ...legacy, storeId: store.storeId, vendorId: null, orderId: order!.id, createdBy: store.id },
        { ...legacy, storeId: store.storeId, vendorId: null, orderId: order!.id, createdBy: null },
        { ...legacy, storeId: store.storeId, vendorId: null, orderId: null, createdBy: store.id },
        { ...legacy, storeId: null, vendorId: oldVendor.vendorId, orderId: null, createdBy: oldVendor.id },
        { ...legacy, storeId: vendorless.storeId, vendorId: null, orderId: null, createdBy: vendorless.id },
      ])
      .returning({ id: escalations.id });
    // The store moved before the migration: its rows about no order go to the new vendor.
    await ctx.db.update(stores).set({ vendorId: newVendor.vendorId }).where(eq(stores.id, store.storeId!));

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await ctx.db.execute(sql.raw(statement));
    }

    const owners = await ctx.db.select({ id: escalations.id, vendorId: escalations.vendorId }).from(escalations).orderBy(asc(escalations.id));
    expect(owners).toEqual([
      { id: rows[0]!.id, vendorId: oldVendor.vendorId },
      { id: rows[1]!.id, vendorId: oldVendor.vendorId },
      { id: rows[2]!.id, vendorId: newVendor.vendorId },
      { id: rows[3]!.id, vendorId: oldVendor.vendorId },
      { id: rows[4]!.id, vendorId: null },
    ]);
  });
});
