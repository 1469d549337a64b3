import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escalations } from '../../db/tables/escalations.table';
import { orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { TEST_DB_KINDS } from '../../test/test-database';
import { useTestWorld } from '../../test/test-world';

// Migration 0012 gives the escalations of a running system their vendor: rows written before
// it kept vendor_id null for a store's, a driver's issue and the scheduler's escalations. Its
// statements run again here on rows written the old way.

const MIGRATION = fileURLToPath(new URL('../../db/migrations/0012_escalation_owner.sql', import.meta.url));

describe.each(TEST_DB_KINDS)('migration 0012 on %s', (kind) => {
  const ctx = useTestWorld(kind, {
    oldVendor: 'vendor',
    newVendor: 'vendor',
    store: ['store', (w) => ({ vendorId: w.oldVendor.vendorId })],
    vendorless: ['store', { vendorId: null }],
  });

  it('backfills the order\'s vendor, else the store\'s current one, and leaves a vendorless store\'s row ownerless', async () => {
    const [order] = await ctx.db.insert(orders).values({ storeId: ctx.store.storeId!, vendorId: ctx.oldVendor.vendorId!, cityId: ctx.store.cityId! }).returning({ id: orders.id });
    const legacy = { subject: 's', description: 'd' };
    const rows = await ctx.db
      .insert(escalations)
      .values([
        { ...legacy, storeId: ctx.store.storeId, vendorId: null, orderId: order!.id, createdBy: ctx.store.id },
        { ...legacy, storeId: ctx.store.storeId, vendorId: null, orderId: order!.id, createdBy: null },
        { ...legacy, storeId: ctx.store.storeId, vendorId: null, orderId: null, createdBy: ctx.store.id },
        { ...legacy, storeId: null, vendorId: ctx.oldVendor.vendorId, orderId: null, createdBy: ctx.oldVendor.id },
        { ...legacy, storeId: ctx.vendorless.storeId, vendorId: null, orderId: null, createdBy: ctx.vendorless.id },
      ])
      .returning({ id: escalations.id });
    // The store moved before the migration: its rows about no order go to the new vendor.
    await ctx.db.update(stores).set({ vendorId: ctx.newVendor.vendorId }).where(eq(stores.id, ctx.store.storeId!));

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      if (statement.trim()) await ctx.db.execute(sql.raw(statement));
    }

    const owners = await ctx.db.select({ id: escalations.id, vendorId: escalations.vendorId }).from(escalations).orderBy(asc(escalations.id));
    expect(owners).toEqual([
      { id: rows[0]!.id, vendorId: ctx.oldVendor.vendorId },
      { id: rows[1]!.id, vendorId: ctx.oldVendor.vendorId },
      { id: rows[2]!.id, vendorId: ctx.newVendor.vendorId },
      { id: rows[3]!.id, vendorId: ctx.oldVendor.vendorId },
      { id: rows[4]!.id, vendorId: null },
    ]);
  });
});
