import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@app/shared/order-status';
import { invoices } from '../db/tables/invoices.table';
import { orders } from '../db/tables/orders.table';
import { wallets } from '../db/tables/wallets.table';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { financialYearOf, istDay } from '../money/invoices/financial-year';
import { ensureDemoAccounts } from './demo-accounts';
import { ensureDemoCompany } from './demo-company';
import { ensureDemoOrders } from './demo-orders';

describe('the demo orders', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('cover every status, credit the demo vendor, and are made once', async () => {
    const ids = await ensureDemoAccounts(handle.db);
    // As the demo start does: invoices name a company (design.md section 23).
    await ensureDemoCompany(handle.db);
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

    // Each completed order's invoice is dated the day it completed, in that day's financial
    // year, and the numbers run 1, 2, 3... in order of completion.
    const issued = await handle.db.select().from(invoices);
    expect(issued).toHaveLength(completed.length);
    const byCompletion = [...completed].sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime());
    for (const order of byCompletion) {
      const invoice = issued.find((i) => i.orderId === order.id)!;
      expect((invoice.body as { date: string }).date).toBe(istDay(order.completedAt!));
      expect(invoice.financialYear).toBe(financialYearOf(order.completedAt!));
      expect((invoice.body as { recipient: { gstin: string | null } }).recipient.gstin).toMatch(/^27/);
    }
    for (const year of new Set(issued.map((i) => i.financialYear))) {
      const sequences = issued.filter((i) => i.financialYear === year).map((i) => i.sequence);
      expect(sequences.sort((a, b) => a - b)).toEqual(sequences.map((_, i) => i + 1));
    }

    await ensureDemoOrders(handle.db, await ensureDemoAccounts(handle.db));
    expect(await handle.db.select().from(orders).where(eq(orders.storeId, ids.storeId))).toHaveLength(rows.length);
  });
});
