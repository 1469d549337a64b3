import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/tables/orders.table';
import { stores } from '../../db/tables/partners.table';
import { runSchedulerTick } from '../../scheduler/scheduler';
import type { TestMember } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';

// design.md section 17, "What a party saw stays theirs": an escalation belongs to the vendor
// that owned the order's store when the order was made (or, about no order, when it was
// raised); moving the store to another vendor moves none of them.

interface EscalationView {
  id: number;
  vendor: { id: number } | null;
}

describe.each(TEST_DB_KINDS)('who owns an escalation after its store moves, on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let oldVendor: TestMember;
  let newVendor: TestMember;
  let store: TestMember;
  let otherStore: TestMember;
  let driver: TestMember;
  /** Opened while the store was the old vendor's: about an order, about none, by the scheduler, by a driver's issue. */
  const before: Record<'aboutOrder' | 'noOrder' | 'scheduler' | 'driverIssue', number> = { aboutOrder: 0, noOrder: 0, scheduler: 0, driverIssue: 0 };
  let oldOrder: number;

  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const get = (url: string, who: TestMember) => ctx.app.inject({ method: 'GET', url, headers: who.headers });
  const raise = async (who: TestMember, payload: object): Promise<number> => {
    const res = await ctx.app.inject({ method: 'POST', url: '/escalations/', headers: who.headers, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const listed = async (who: TestMember, query = '') => {
    const res = await get(`/escalations${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as EscalationView[];
    return { ids: sorted(rows.map((e) => e.id)), total: Number(res.headers['x-total-count']), rows };
  };

  /** An order of the store, copying its vendor of the moment as creating one does. */
  async function placeOrder(status: 'pending' | 'accepted', driverId: number | null = null): Promise<number> {
    const [owner] = await ctx.db.select({ vendorId: stores.vendorId }).from(stores).where(eq(stores.id, store.storeId!));
    const [order] = await ctx.db.insert(orders).values({ storeId: store.storeId!, vendorId: owner!.vendorId!, cityId: store.cityId!, status, driverId }).returning({ id: orders.id });
    return order!.id;
  }

  /** The scheduler's escalation: an order that began waiting for the store five hours ago (the default limit is four). */
  async function escalatedByScheduler(): Promise<number> {
    const id = await placeOrder('pending');
    await ctx.db.update(orders).set({ status: 'waiting_store', driverId: driver.driverId }).where(eq(orders.id, id));
    await ctx.db.insert(orderEvents).values({ orderId: id, action: 'waiting_store', fromStatus: 'arrived', toStatus: 'waiting_store', createdAt: sql`now() - interval '5 hours'` });
    expect((await runSchedulerTick(ctx.app)).escalated).toBe(1);
    return onlyEscalationOf(id);
  }

  /** The escalation a driver's issue opens at once. */
  async function escalatedByDriver(): Promise<number> {
    const id = await placeOrder('accepted', driver.driverId);
    const res = await ctx.app.inject({ method: 'PATCH', url: `/orders/issue/${id}/`, headers: driver.headers, payload: { reason: 'Store closed' } });
    expect(res.statusCode, res.body).toBe(200);
    return onlyEscalationOf(id);
  }

  async function onlyEscalationOf(orderId: number): Promise<number> {
    const { ids } = await listed(admin, `?order_id=${orderId}`);
    expect(ids).toHaveLength(1);
    return ids[0]!;
  }

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const f = ctx.factories;
    admin = await f.createMember('admin');
    oldVendor = await f.createMember('vendor');
    newVendor = await f.createMember('vendor');
    store = await f.createMember('store', { vendorId: oldVendor.vendorId });
    otherStore = await f.createMember('store', { vendorId: newVendor.vendorId });
    driver = await f.createMember('driver', { cityId: store.cityId! });

    oldOrder = await placeOrder('pending');
    before.aboutOrder = await raise(store, { subject: 'Wrong weight', description: 'Copper was 12 kg', order_id: oldOrder });
    before.noOrder = await raise(store, { subject: 'Scale broken', description: 'Since Monday' });
    before.scheduler = await escalatedByScheduler();
    before.driverIssue = await escalatedByDriver();

    const move = await ctx.app.inject({ method: 'PATCH', url: `/stores/${store.storeId}/`, headers: admin.headers, payload: { vendor_id: newVendor.vendorId } });
    expect(move.statusCode, move.body).toBe(200);
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('leaves the old vendor listing, counting and reading every escalation from before the move', async () => {
    const ids = Object.values(before);
    expect(new Set(ids).size).toBe(4);
    const list = await listed(oldVendor);
    expect(list.ids).toEqual(sorted(ids));
    expect(list.total).toBe(4);
    expect(list.rows.every((e) => e.vendor?.id === oldVendor.vendorId)).toBe(true);
    for (const id of ids) {
      const res = await get(`/escalations/${id}`, oldVendor);
      expect(res.statusCode, `escalation ${id}`).toBe(200);
      expect(res.json().vendor).toMatchObject({ id: oldVendor.vendorId });
    }
    expect((await listed(admin, `?vendor_id=${oldVendor.vendorId}`)).total).toBe(4);
  });

  it('shows the new vendor none of them, and answers each 404 like the order it cannot see', async () => {
    const list = await listed(newVendor);
    expect(list.ids).toEqual([]);
    expect(list.total).toBe(0);
    for (const [name, id] of Object.entries(before)) {
      expect((await get(`/escalations/${id}`, newVendor)).statusCode, name).toBe(404);
    }
    expect((await get(`/orders/${oldOrder}/`, newVendor)).statusCode).toBe(404);
    expect((await get(`/orders/${oldOrder}/`, oldVendor)).statusCode).toBe(200);
    expect((await listed(admin, `?vendor_id=${newVendor.vendorId}`)).total).toBe(0);
    expect((await listed(newVendor, '?search=Scale')).total).toBe(0);
  });

  describe('after the move', () => {
    const after: number[] = [];
    let aboutOldOrder: number;

    beforeAll(async () => {
      after.push(await raise(store, { subject: 'New scale broken', description: 'Again' }));
      const newOrder = await placeOrder('pending');
      after.push(await raise(store, { subject: 'Driver left', description: 'Mid pickup', order_id: newOrder }));
      after.push(await escalatedByScheduler());
      after.push(await escalatedByDriver());
      aboutOldOrder = await raise(store, { subject: 'Old order again', description: 'Still wrong', order_id: oldOrder });
    }, 60_000);

    it('gives new escalations to the new vendor, and one about an old order to that order\'s vendor', async () => {
      const fresh = await listed(newVendor);
      expect(fresh.ids).toEqual(sorted(after));
      expect(fresh.total).toBe(4);
      for (const id of after) expect((await get(`/escalations/${id}`, oldVendor)).statusCode).toBe(404);
      expect((await get(`/escalations/${aboutOldOrder}`, oldVendor)).json().vendor).toMatchObject({ id: oldVendor.vendorId });
      expect((await get(`/escalations/${aboutOldOrder}`, newVendor)).statusCode).toBe(404);
      expect((await listed(oldVendor)).ids).toEqual(sorted([...Object.values(before), aboutOldOrder]));
    });

    it('lets the store see all of its own, whichever vendor they belong to', async () => {
      const own = await listed(store);
      expect(own.ids).toEqual(sorted([...Object.values(before), ...after, aboutOldOrder]));
      expect(own.total).toBe(9);
      for (const id of [...Object.values(before), ...after]) expect((await get(`/escalations/${id}`, store)).statusCode).toBe(200);
      expect((await listed(otherStore)).total).toBe(0);
    });
  });
});
