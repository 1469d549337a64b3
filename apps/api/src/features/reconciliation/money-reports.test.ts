import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityRates } from '../../db/tables/materials.table';
import { wallets } from '../../db/tables/wallets.table';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { istDay } from '@app/shared/india-time';
import { completedOrder, createTaxMaterials, createWorld, GSTIN_MH, moneyApi, setCompany, type World } from '../../test/money-test-kit';

// Two completed orders of 10.5 kg at 123.45 (driver 5, b2c 130) and 3 kg at 10.10
// (driver 1, b2c 12.50), by a vendor without a GSTIN, so each credits it 1,326.53 and
// the driver 55.50; b2c value 1,402.50; margin 1,402.50 - 1,326.53 - 55.50 = 20.47.
describe.each(TEST_DB_KINDS)('statements, ledger pages and reconciliation on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let admin: TestMember;
  let api: ReturnType<typeof moneyApi>;
  let materials: [number, number];
  const today = istDay(new Date());
  const tomorrow = istDay(new Date(Date.now() + 86_400_000));

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    admin = world.admin;
    api = moneyApi(ctx);
    materials = await createTaxMaterials(ctx, admin);
    await setCompany(ctx, admin, GSTIN_MH);
    await completedOrder(ctx, world, materials);
    await completedOrder(ctx, world, materials);
    const payout = (await api.request(world.vendor, { amount: 100 })).json();
    expect((await api.decide(admin, payout.id, 'approve', { reference: 'UTR9' })).statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('pages a ledger newest first, with X-Total-Count and Link, and exports it all as CSV', async () => {
    const first = await api.get(world.vendor, '/wallets/transactions?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json().map((e: { kind: string; balance_after: number }) => [e.kind, e.balance_after])).toEqual([
      ['payout', 2553.06],
      ['order_credit', 2653.06],
    ]);
    const next = new URL(/<([^>]+)>/.exec(first.headers.link as string)![1]!);
    const second = await api.get(world.vendor, next.pathname + next.search);
    expect(second.json()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
    expect((await api.get(admin, `/wallets/transactions?driver_id=${world.driver.driverId}`)).json()).toHaveLength(2);
    const csv = await api.get(world.vendor, '/wallets/transactions.csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['x-total-count']).toBe('3');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,kind,amount,balance_after,order_id,payout_id');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,payout,-100,2553\.06,,\d+$/);
  });

  it('keeps ledgers to their owners and refuses bad queries', async () => {
    expect((await api.get(world.vendor, `/wallets/transactions?vendor_id=${world.otherVendor.vendorId}`)).statusCode).toBe(404);
    expect((await api.get(world.vendor, `/wallets/transactions?driver_id=${world.driver.driverId}`)).statusCode).toBe(404);
    expect((await api.get(world.vendor, `/wallets/transactions.csv?vendor_id=${world.otherVendor.vendorId}`)).statusCode).toBe(404);
    expect((await api.get(world.store, '/wallets/transactions')).statusCode).toBe(403);
    const noOwner = await api.get(admin, '/wallets/transactions');
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().errors).toHaveProperty('vendor_id');
    expect((await api.get(admin, '/wallets/transactions?vendor_id=1&driver_id=1')).statusCode).toBe(400);
    expect((await api.get(admin, '/wallets/transactions?vendor_id=99999')).statusCode).toBe(404);
    expect((await api.get(world.vendor, '/wallets/transactions?limit=0')).statusCode).toBe(400);
    expect((await api.get(world.vendor, '/wallets/transactions?colour=red')).statusCode).toBe(400);
  });

  it('states a period: closing = opening + credits + adjustments - payouts', async () => {
    const res = await api.get(world.vendor, `/statements/?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      vendor_id: world.vendor.vendorId,
      driver_id: null,
      from: today,
      to: today,
      opening_balance: 0,
      credits: 2653.06,
      payouts: 100,
      adjustments: 0,
      closing_balance: 2553.06,
      orders: 2,
      weight: 27,
    });
    expect(res.json().entries.map((e: { kind: string }) => e.kind)).toEqual(['order_credit', 'order_credit', 'payout']);
    const later = (await api.get(admin, `/statements?vendor_id=${world.vendor.vendorId}&from=${tomorrow}&to=${tomorrow}`)).json();
    expect(later).toMatchObject({ opening_balance: 2553.06, credits: 0, payouts: 0, closing_balance: 2553.06, orders: 0, entries: [] });
    const driver = (await api.get(world.driver, '/statements/')).json();
    expect(driver).toMatchObject({ driver_id: world.driver.driverId, credits: 111, closing_balance: 111, orders: 2 });
    const csv = await api.get(world.vendor, `/statements.csv?from=${today}&to=${today}`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('date,kind,order,payout_id,amount,balance_after');
    expect(lines[1]).toBe(`${today},opening_balance,,,,0`);
    expect(lines.at(-1)).toBe(`${today},closing_balance,,,,2553.06`);
    // Header, opening, three entries, closing.
    expect(lines).toHaveLength(6);
  });

  it('refuses statements of others and bad dates', async () => {
    expect((await api.get(world.vendor, `/statements?vendor_id=${world.otherVendor.vendorId}`)).statusCode).toBe(404);
    expect((await api.get(world.store, '/statements')).statusCode).toBe(403);
    expect((await api.get(admin, '/statements')).json().errors).toHaveProperty('vendor_id');
    expect((await api.get(world.vendor, '/statements?from=2025-02-30')).json().errors).toHaveProperty('from');
    expect((await api.get(world.vendor, `/statements?from=${tomorrow}&to=${today}`)).json().errors).toHaveProperty('from');
    expect((await api.get(world.vendor, '/statements?to=yesterday')).json().errors).toHaveProperty('to');
    expect((await api.get(world.vendor, '/statements?from=0000-01-01')).json().errors).toHaveProperty('from');
    expect((await api.get(world.vendor, '/statements?to=9999-12-31')).statusCode).toBe(200);
  });

  it('reconciles by city, material and vendor with the b2c rate each line was priced at', async () => {
    // 2,730.00 - 2,592.46 - 105.00 = 32.54 and 75.00 - 60.60 - 6.00 = 8.40 by material.
    // The rate card moves afterwards: the report must not.
    await ctx.db.update(cityRates).set({ ratePaise: 99_900 }).where(and(eq(cityRates.materialId, materials[0]), eq(cityRates.rateType, 'b2c')));
    const byCity = await api.get(admin, `/reports/reconciliation?from=${today}&to=${today}&group=city`);
    expect(byCity.statusCode, byCity.body).toBe(200);
    const totals = { orders: 2, weight: 27, vendor_amount: 2653.06, driver_amount: 111, b2c_value: 2805, margin: 40.94 };
    expect(byCity.json()).toMatchObject({ group: 'city', totals, rows: [{ key: world.cityA, ...totals }] });
    expect(byCity.json().ledger).toEqual({ credited: 2764.06, paid_out: 100, balances: 2664.06, balanced: true });
    const byMaterial = (await api.get(admin, `/reports/reconciliation?group=material`)).json();
    expect(byMaterial.rows.map((r: { key: number; b2c_value: number; margin: number }) => [r.key, r.b2c_value, r.margin]).sort()).toEqual(
      [
        [materials[0], 2730, 32.54],
        [materials[1], 75, 8.4],
      ].sort(),
    );
    const byVendor = (await api.get(admin, `/reports/reconciliation?group=vendor&to=${today}`)).json();
    expect(byVendor.rows).toEqual([{ key: world.vendor.vendorId, name: expect.any(String), ...totals }]);
    expect((await api.get(admin, `/reports/reconciliation?from=${tomorrow}`)).json().totals).toMatchObject({ orders: 0, b2c_value: 0 });
    const csv = await api.get(admin, '/reports/reconciliation.csv?group=vendor');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('key,name,orders,weight,vendor_amount,driver_amount,b2c_value,margin');
    expect(csv.body).toContain(',Total,2,27,2653.06,111,2805,40.94');
  });

  it('keeps the report to admins, refuses a bad group, and notices a ledger that does not add up', async () => {
    expect((await api.get(world.vendor, '/reports/reconciliation')).statusCode).toBe(403);
    expect((await api.get(admin, '/reports/reconciliation?group=state')).json().errors).toHaveProperty('group');
    await ctx.db.update(wallets).set({ balancePaise: 266_407 }).where(and(eq(wallets.ownerType, 'vendor'), eq(wallets.ownerId, world.vendor.vendorId!)));
    expect((await api.get(admin, '/reports/reconciliation')).json().ledger.balanced).toBe(false);
  });
});
