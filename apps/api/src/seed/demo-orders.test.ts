import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { orders } from '../db/tables/orders.table';
import { wallets } from '../db/tables/wallets.table';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { ensureDemoAccounts } from './demo-accounts';
import { ensureDemoOrders } from './demo-orders';

describe('the demo orders', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('cover every status, credit the demo vendor, and are made once', async () => {
    const ids = await ensureDemoAccounts(handle.db);
    await ensureDemoOrders(handle.db, ids);
    const rows = await handle.db.select().from(orders).where(eq(orders.storeId, ids.storeId));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    // Spread over months for the charts, newest id newest.
    const byId = [...rows].sort((a, b) => a.id - b.id);
    expect(byId.map((r) => r.createdAt.getTime())).toEqual([...byId.map((r) => r.createdAt.getTime())].sort((a, b) => a - b));
    expect(Date.now() - byId[0]!.createdAt.getTime()).toBeGreaterThan(150 * 86_400_000);

    const completed = rows.filter((r) => r.status === 'completed');
    const [wallet] = await handle.db.select().from(wallets).where(and(eq(wallets.ownerType, 'vendor'), eq(wallets.ownerId, ids.vendorId)));
    expect(wallet!.balancePaise).toBe(completed.reduce((n, r) => n + r.vendorAmountPaise, 0));

    await ensureDemoOrders(handle.db, await ensureDemoAccounts(handle.db));
    expect(await handle.db.select().from(orders).where(eq(orders.storeId, ids.storeId))).toHaveLength(rows.length);
  });
});
