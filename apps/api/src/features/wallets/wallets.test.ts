import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/tables/orders.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';

// The wallets as the order life cycle leaves them (the orders tests drive the credits
// through the API); here the rows are written directly so each case is exact.

describe.each(TEST_DB_KINDS)('GET /wallets on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let vendor: TestMember;
  let quietVendor: TestMember;
  let store: TestMember;
  let driver: TestMember;
  let otherDriver: TestMember;
  const orderIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const f = ctx.factories;
    admin = await f.createMember('admin');
    vendor = await f.createMember('vendor');
    quietVendor = await f.createMember('vendor');
    store = await f.createMember('store', { vendorId: vendor.vendorId });
    driver = await f.createMember('driver');
    otherDriver = await f.createMember('driver');
    for (let i = 0; i < 3; i++) {
      const [o] = await ctx.db
        .insert(orders)
        .values({ storeId: store.storeId!, vendorId: vendor.vendorId!, cityId: store.cityId!, driverId: driver.driverId, status: 'completed' })
        .returning({ id: orders.id });
      orderIds.push(o!.id);
    }
    const [vw] = await ctx.db.insert(wallets).values({ ownerType: 'vendor', ownerId: vendor.vendorId!, balancePaise: 123_456 + 7_890 + 5 }).returning();
    const [dw] = await ctx.db.insert(wallets).values({ ownerType: 'driver', ownerId: driver.driverId!, balancePaise: 4_205 }).returning();
    await ctx.db.insert(walletEntries).values([
      { walletId: vw!.id, kind: 'order_credit', orderId: orderIds[0]!, amountPaise: 123_456, balanceAfterPaise: 123_456 },
      { walletId: vw!.id, kind: 'order_credit', orderId: orderIds[1]!, amountPaise: 7_890, balanceAfterPaise: 131_346 },
      { walletId: vw!.id, kind: 'order_credit', orderId: orderIds[2]!, amountPaise: 5, balanceAfterPaise: 131_351 },
      { walletId: dw!.id, kind: 'order_credit', orderId: orderIds[0]!, amountPaise: 4_205, balanceAfterPaise: 4_205 },
    ]);
  });
  afterAll(async () => ctx?.close());

  const credit = (orderId: number, amount: number, balanceAfter: number) => ({
    id: expect.any(Number),
    kind: 'order_credit',
    amount,
    balance_after: balanceAfter,
    order_id: orderId,
    payout_id: null,
    created_at: expect.any(String),
  });
  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });

  it('shows a vendor its own wallet, newest transaction first, in rupees', async () => {
    const res = await get(vendor, '/wallets/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        vendor_id: vendor.vendorId,
        balance: 1313.51,
        available: 1313.51,
        transactions: [
          credit(orderIds[2]!, 0.05, 1313.51),
          credit(orderIds[1]!, 78.9, 1313.46),
          credit(orderIds[0]!, 1234.56, 1234.56),
        ],
      },
    ]);
    expect(res.headers['x-total-count']).toBe('1');
    const again = await ctx.app.inject({ method: 'GET', url: '/wallets/', headers: { ...vendor.headers, 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect((await get(vendor, `/wallets?vendor_id=${quietVendor.vendorId}`)).json()).toEqual([]);
  });

  it('shows a vendor with no sale yet a wallet of 0', async () => {
    expect((await get(quietVendor, '/wallets')).json()).toEqual([{ vendor_id: quietVendor.vendorId, balance: 0, available: 0, transactions: [] }]);
  });

  it('shows an admin every vendor, newest first, in pages', async () => {
    const all = await get(admin, '/wallets?limit=1');
    expect(all.headers['x-total-count']).toBe('2');
    expect(all.json().map((w: { vendor_id: number }) => w.vendor_id)).toEqual([quietVendor.vendorId]);
    expect(all.headers.link).toMatch(/rel="next"/);
    const next = new URL(/<([^>]+)>/.exec(all.headers.link as string)![1]!);
    const second = await get(admin, next.pathname + next.search);
    expect(second.json().map((w: { vendor_id: number }) => w.vendor_id)).toEqual([vendor.vendorId]);
    expect(second.headers.link).toBeUndefined();
    expect((await get(admin, `/wallets?vendor_id=${vendor.vendorId}&transactions_limit=1`)).json()[0].transactions).toHaveLength(1);
  });

  it('shows a driver its earnings and an admin everyone\'s', async () => {
    expect((await get(driver, '/wallets/driver-earnings')).json()).toEqual([
      { driver_id: driver.driverId, balance: 42.05, available: 42.05, transactions: [credit(orderIds[0]!, 42.05, 42.05)] },
    ]);
    expect((await get(otherDriver, '/wallets/driver-earnings')).json()).toEqual([{ driver_id: otherDriver.driverId, balance: 0, available: 0, transactions: [] }]);
    const everyone = (await get(admin, '/wallets/driver-earnings')).json();
    expect(everyone.map((w: { driver_id: number }) => w.driver_id)).toEqual([otherDriver.driverId, driver.driverId]);
  });

  it('keeps stores and the other roles out', async () => {
    expect((await get(store, '/wallets')).statusCode).toBe(403);
    expect((await get(driver, '/wallets')).statusCode).toBe(403);
    expect((await get(store, '/wallets/driver-earnings')).statusCode).toBe(403);
    expect((await get(vendor, '/wallets/driver-earnings')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/wallets' })).statusCode).toBe(401);
  });

  it('refuses a bad limit', async () => {
    expect((await get(admin, '/wallets?limit=501')).statusCode).toBe(400);
    expect((await get(admin, '/wallets?transactions_limit=-1')).statusCode).toBe(400);
  });
});
