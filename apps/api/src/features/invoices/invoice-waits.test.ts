import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, invoiceWaits } from '../../db/tables/invoices.table';
import { wallets, walletEntries } from '../../db/tables/wallets.table';
import { financialYearOf } from '../../money/invoices/financial-year';
import { startSecondProcess } from '../../test/second-process';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { createWorld, GSTIN_MH, orderInStatus, putCompanyInformation, setVendorGstin, TEST_COMPANY, type World } from '../../test/money-test-kit';

// design.md section 23: an invoice never names an empty company. While Settings ->
// Information lacks the name, address, state or GSTIN, completed orders wait for their
// invoice; completing the information issues them in completion order, gap-free.

describe.each(TEST_DB_KINDS)('invoices waiting for the company information on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let admin: TestMember;
  const get = (as: TestMember, url: string) => ctx.app.inject({ method: 'GET', url, headers: as.headers });
  const complete = (orderId: number) => ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${orderId}/`, headers: world.store.headers });
  const invoiceOf = async (orderId: number) => (await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];
  const vendorCredits = (orderIds: number[]) =>
    ctx.db
      .select({ orderId: walletEntries.orderId, amountPaise: walletEntries.amountPaise })
      .from(walletEntries)
      .innerJoin(wallets, eq(wallets.id, walletEntries.walletId))
      .where(and(eq(wallets.ownerType, 'vendor'), inArray(walletEntries.orderId, orderIds)));
  const driverCredits = (orderIds: number[]) =>
    ctx.db
      .select({ orderId: walletEntries.orderId })
      .from(walletEntries)
      .innerJoin(wallets, eq(wallets.id, walletEntries.walletId))
      .where(and(eq(wallets.ownerType, 'driver'), inArray(walletEntries.orderId, orderIds)));
  /** Every invoice of this financial year, by number. */
  const yearInvoices = async () =>
    (await ctx.db.select({ orderId: invoices.orderId, sequence: invoices.sequence }).from(invoices).where(eq(invoices.financialYear, financialYearOf(new Date())))).sort(
      (a, b) => a.sequence - b.sequence,
    );

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    admin = world.admin;
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('completes the order and credits it, takes no number, says why, lists it, and issues it when the information is complete', async () => {
    // A fresh start's company: a name, no address, no GSTIN.
    await putCompanyInformation(ctx, admin, { address: '', gstin: '' });
    // The vendor is not registered for GST when the first order completes, and is for the second.
    expect((await setVendorGstin(ctx, admin, world.vendor.vendorId!, null)).statusCode).toBeLessThan(300);
    const first = await orderInStatus(ctx, world, 'waiting_store');
    const second = await orderInStatus(ctx, world, 'waiting_store');
    expect((await complete(first)).statusCode).toBe(200);
    expect((await setVendorGstin(ctx, admin, world.vendor.vendorId!, GSTIN_MH)).statusCode).toBeLessThan(300);
    expect((await complete(second)).statusCode).toBe(200);
    const before = await yearInvoices();

    for (const id of [first, second]) {
      expect((await get(admin, `/orders/${id}/`)).json().status).toBe('completed');
      for (const url of [`/orders/${id}/invoice`, `/orders/${id}/invoice.pdf`]) {
        const res = await get(world.vendor, url);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().detail).toMatch(/waits for the company information: Settings -> Information lacks the company's address, state \(read from its GSTIN\), GSTIN/);
      }
      expect(await invoiceOf(id)).toBeUndefined();
      // Another vendor's member learns nothing of the wait: the order does not exist for it.
      expect((await get(world.otherVendor, `/orders/${id}/invoice`)).statusCode).toBe(404);
    }
    // The list of waiting invoices is the admin's alone.
    for (const member of [world.vendor, world.store, world.driver]) expect((await get(member, '/invoices/waiting')).statusCode).toBe(403);
    // The driver is paid, and so is the unregistered vendor (its credit does not depend on the
    // invoice); the registered vendor's credit is the invoice total, so it comes with the invoice.
    expect((await driverCredits([first, second])).map((c) => c.orderId).sort()).toEqual([first, second].sort());
    expect((await vendorCredits([first, second])).map((c) => c.orderId)).toEqual([first]);

    const waiting = await get(admin, '/invoices/waiting');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({ missing: ['address', 'state', 'gstin'], count: 2, orders: [{ order_id: first }, { order_id: second }] });
    expect((await get(world.vendor, '/invoices/waiting')).statusCode).toBe(403);
    expect((await get(admin, '/invoices/waiting?page=2')).statusCode).toBe(400);

    // Still incomplete: nothing is issued.
    await putCompanyInformation(ctx, admin, { gstin: '' });
    expect(await invoiceOf(first)).toBeUndefined();
    expect((await get(admin, '/invoices/waiting')).json()).toMatchObject({ missing: ['state', 'gstin'], count: 2 });

    await putCompanyInformation(ctx, admin, TEST_COMPANY);
    const issued = (await yearInvoices()).slice(before.length);
    expect(issued.map((i) => i.orderId)).toEqual([first, second]);
    expect(issued.map((i) => i.sequence)).toEqual([before.length + 1, before.length + 2]);
    expect((await get(admin, '/invoices/waiting')).json()).toEqual({ missing: [], count: 0, orders: [] });

    const firstInvoice = (await get(world.vendor, `/orders/${first}/invoice`)).json();
    const secondInvoice = (await get(world.vendor, `/orders/${second}/invoice`)).json();
    expect(firstInvoice.recipient).toMatchObject({ name: TEST_COMPANY.name, gstin: TEST_COMPANY.gstin, state: 'Maharashtra' });
    // Each invoice says what the vendor was when its order completed: that is what it was paid by.
    expect(firstInvoice).toMatchObject({ reverse_charge: true, supplier: { gstin: null } });
    expect(secondInvoice).toMatchObject({ reverse_charge: false, supplier: { gstin: GSTIN_MH } });
    const credits = await vendorCredits([first, second]);
    expect(credits).toHaveLength(2);
    expect(credits.find((c) => c.orderId === second)!.amountPaise).toBe(Math.round(secondInvoice.total * 100));

    // With the information complete, the next completion takes the next number at once.
    const third = await orderInStatus(ctx, world, 'completed');
    expect((await invoiceOf(third))!.sequence).toBe(before.length + 3);
  });

  it.runIf(kind === 'postgres')('issues every waiting invoice once, gap-free, while other completions run at the same time on two processes', async () => {
    const second = await startSecondProcess(ctx);
    try {
      await putCompanyInformation(ctx, admin, { gstin: '' });
      const early = [];
      for (let i = 0; i < 4; i += 1) early.push(await orderInStatus(ctx, world, 'waiting_store'));
      const late = [];
      for (let i = 0; i < 6; i += 1) late.push(await orderInStatus(ctx, world, 'waiting_store'));
      for (const id of early) expect((await complete(id)).statusCode).toBe(200);

      const apps = [ctx.app, second.app];
      const results = await Promise.all([
        ...late.map((id, i) => apps[i % 2]!.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.store.headers })),
        second.app.inject({ method: 'PUT', url: '/settings/information', headers: admin.headers, payload: TEST_COMPANY }),
      ]);
      expect(results.map((r) => `${r.statusCode} ${r.statusCode === 200 ? "" : r.body}`)).toEqual(results.map(() => "200 "));

      // Whatever the interleaving, nothing is left waiting: a completion either parked its
      // order before the information was saved (and was issued with it) or numbered its own after.
      expect(await ctx.db.select().from(invoiceWaits)).toEqual([]);
      const year = await yearInvoices();
      expect(year.map((i) => i.sequence)).toEqual(year.map((_, i) => i + 1));
      const numbered = year.map((i) => i.orderId);
      for (const id of [...early, ...late]) expect(numbered.filter((o) => o === id)).toHaveLength(1);
      // The orders that waited are numbered in the order they completed.
      const positions = early.map((id) => numbered.indexOf(id));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      // The registered vendor is credited once per order, with its invoice.
      const credits = await vendorCredits([...early, ...late]);
      expect(credits.map((c) => c.orderId).sort()).toEqual([...early, ...late].sort());
    } finally {
      await second.close();
    }
  });
});
