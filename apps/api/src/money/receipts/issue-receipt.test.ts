import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completedOrderOwed } from '../../db/tables/money-rollups.table';
import { receiptCounters, receipts } from '../../db/tables/receipts.table';
import { walletEntries, wallets } from '../../db/tables/wallets.table';
import { invoices } from '../../db/tables/invoices.table';
import { queryRows } from '../../db/sql-rows';
import { createTestApp, type TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS, type TestDbKind } from '../../test/test-database';
import { ledgerCheck } from '../ledger-check';
import { financialYearOf } from '../invoices/financial-year';
import { completeHouseholdOrder, createHousehold, householdOrder, type HouseholdLine, type TestHousehold } from './household-money-test-kit';

// design.md section 21: completing a household's pickup numbers its receipt RCPT/{YYYY-YY}/{000001}
// gap-free per financial year, and credits its driver the driver amount and the b2c amount it paid
// at the door, each once; the ledger check and the kept sums hold with orders that have no vendor.

interface Setup {
  ctx: TestContext;
  household: TestHousehold;
  driver: TestMember;
  lines: HouseholdLine[];
}

async function setUp(kind: TestDbKind): Promise<Setup> {
  const ctx = await createTestApp(kind);
  const [cityId] = await ctx.factories.cityIds();
  const driver = await ctx.factories.createMember('driver', { cityId: cityId! });
  const household = await createHousehold(ctx, cityId!);
  const [m1, m2] = (await ctx.factories.materialList()).filter((m) => m.retiredAt === null);
  // 12.5 kg at 30.00/kg = 375.00 and 2.345 kg at 11.11/kg = 26.05 (26.05295 half up); driver 2.00 and 1.00 per kg.
  const lines = [
    { materialId: m1!.id, kg: 12.5, b2cRatePaise: 3000, driverRatePaise: 200, vendorRatePaise: 2500 },
    { materialId: m2!.id, kg: 2.345, b2cRatePaise: 1111, driverRatePaise: 100, vendorRatePaise: 900 },
  ];
  return { ctx, household, driver, lines };
}

const B2C_PAISE = 37_500 + 2_605;
const DRIVER_PAISE = 2_500 + 235;

async function driverEntries(ctx: TestContext, driverId: number, orderId: number) {
  return ctx.db
    .select({ kind: walletEntries.kind, amountPaise: walletEntries.amountPaise })
    .from(walletEntries)
    .innerJoin(wallets, eq(wallets.id, walletEntries.walletId))
    .where(and(eq(wallets.ownerType, 'driver'), eq(wallets.ownerId, driverId), eq(walletEntries.orderId, orderId)))
    .orderBy(asc(walletEntries.id));
}

async function sequencesOf(ctx: TestContext, financialYear: string): Promise<number[]> {
  const rows = await ctx.db.select({ sequence: receipts.sequence }).from(receipts).where(eq(receipts.financialYear, financialYear)).orderBy(asc(receipts.sequence));
  return rows.map((r) => r.sequence);
}

describe.each(TEST_DB_KINDS)('household receipts and money on %s', (kind) => {
  let s: Setup;

  beforeAll(async () => {
    s = await setUp(kind);
  }, 120_000);
  afterAll(async () => s?.ctx.close());

  it('numbers the receipt RCPT/{YYYY-YY}/{000001}, writes what the household was paid, and issues no invoice', async () => {
    const { ctx, household, driver, lines } = s;
    const orderId = await householdOrder(ctx, household, driver.driverId!, lines);
    await completeHouseholdOrder(ctx.db, orderId, { payment: { method: 'upi', reference: '123456789012' } });

    const [receipt] = await ctx.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    const year = financialYearOf(receipt!.issuedAt);
    expect(receipt!.number).toMatch(/^RCPT\/\d{4}-\d{2}\/\d{6}$/);
    expect(receipt!.number).toBe(`RCPT/${year}/${String(receipt!.sequence).padStart(6, '0')}`);
    expect(receipt!.totalPaise).toBe(B2C_PAISE);
    const body = receipt!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      number: receipt!.number,
      order_id: orderId,
      display_number: `#${String(orderId).padStart(8, '0')}`,
      household: { name: expect.stringMatching(/^Household /), phone: household.phone, address: '14 Gandhi Nagar, Pune' },
      lines: [
        { material: { id: lines[0]!.materialId }, weight: 12.5, rate: 30, amount: 375 },
        { material: { id: lines[1]!.materialId }, weight: 2.345, rate: 11.11, amount: 26.05 },
      ],
      total_weight: 14.845,
      total: 401.05,
      payment: { method: 'upi', reference: '123456789012' },
    });
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    expect(await driverEntries(ctx, driver.driverId!, orderId)).toEqual([
      { kind: 'order_credit', amountPaise: DRIVER_PAISE },
      { kind: 'household_payment', amountPaise: B2C_PAISE },
    ]);
  });

  it('credits the driver each kind once and keeps one receipt when the completion is replayed', async () => {
    const { ctx, household, driver, lines } = s;
    const orderId = await householdOrder(ctx, household, driver.driverId!, lines);
    await completeHouseholdOrder(ctx.db, orderId);
    const [first] = await ctx.db.select().from(receipts).where(eq(receipts.orderId, orderId));
    await completeHouseholdOrder(ctx.db, orderId);
    if (kind === 'postgres') await Promise.all([0, 1, 2, 3].map(() => completeHouseholdOrder(ctx.db, orderId)));
    expect(await ctx.db.select({ number: receipts.number }).from(receipts).where(eq(receipts.orderId, orderId))).toEqual([{ number: first!.number }]);
    expect(await driverEntries(ctx, driver.driverId!, orderId)).toEqual([
      { kind: 'order_credit', amountPaise: DRIVER_PAISE },
      { kind: 'household_payment', amountPaise: B2C_PAISE },
    ]);
    const year = financialYearOf(first!.issuedAt);
    const [counter] = await ctx.db.select().from(receiptCounters).where(eq(receiptCounters.financialYear, year));
    expect(counter!.lastNumber).toBe(first!.sequence);
  });

  it('gives a rolled-back completion\'s number to the next one, and starts each financial year (India time) at 000001', async () => {
    const { ctx, household, driver, lines } = s;
    // 31 March 2031, 23:59:59.999 in India is year 2030-31; a millisecond later, 1 April, is 2031-32.
    const lastOfMarch = new Date('2031-03-31T18:29:59.999Z');
    const firstOfApril = new Date('2031-03-31T18:30:00.000Z');
    const a = await householdOrder(ctx, household, driver.driverId!, lines);
    const failed = await householdOrder(ctx, household, driver.driverId!, lines);
    const b = await householdOrder(ctx, household, driver.driverId!, lines);
    const c = await householdOrder(ctx, household, driver.driverId!, lines);
    await completeHouseholdOrder(ctx.db, a, { at: lastOfMarch });
    await expect(completeHouseholdOrder(ctx.db, failed, { at: lastOfMarch, failAfterCredit: true })).rejects.toThrow(/failed after crediting/);
    await completeHouseholdOrder(ctx.db, b, { at: lastOfMarch });
    await completeHouseholdOrder(ctx.db, c, { at: firstOfApril });
    const numbers = await ctx.db.select({ orderId: receipts.orderId, number: receipts.number }).from(receipts).where(sql`${receipts.orderId} in (${a}, ${failed}, ${b}, ${c})`).orderBy(asc(receipts.orderId));
    expect(numbers).toEqual([
      { orderId: a, number: 'RCPT/2030-31/000001' },
      { orderId: b, number: 'RCPT/2030-31/000002' },
      { orderId: c, number: 'RCPT/2031-32/000001' },
    ]);
    // The failed completion left nothing: no receipt, no entry.
    expect(await driverEntries(ctx, driver.driverId!, failed)).toEqual([]);
  });

  it('keeps the ledger balanced and the kept sums right with household pickups (the households\' bucket is vendor 0)', async () => {
    const { ctx } = s;
    expect(await ledgerCheck(ctx.db)).toMatchObject({ balanced: true });
    const [owed] = await ctx.db.select().from(completedOrderOwed).where(eq(completedOrderOwed.vendorId, 0));
    const [credited] = await queryRows<{ n: string }>(ctx.db, sql`select coalesce(sum(amount_paise), 0)::text as n from wallet_entries where kind in ('order_credit', 'household_payment')`);
    expect(owed!.owedPaise).toBe(Number(credited!.n));
    // Rebuilding every kept sum from the rows gives the same (migration 0023's rebuild keys households as 0 too).
    const snapshot = () =>
      queryRows(ctx.db, sql`select 'd' as t, day::text as k, vendor_id, material_id, order_count, weight_grams::text, vendor_amount_paise::text from reconciliation_material_days
        union all select 'o', day::text, vendor_id, null, order_count, null, null from reconciliation_order_days
        union all select 'w', null, vendor_id, null, null, null, owed_paise::text from completed_order_owed
        order by 1, 2, 3, 4`);
    const kept = await snapshot();
    expect(kept.some((r) => (r as { vendor_id: number }).vendor_id === 0)).toBe(true);
    await ctx.db.execute(sql`select money_sums_rebuild()`);
    expect(await snapshot()).toEqual(kept);
    // The order charts and tab counts count household pickups under vendor 0 as well.
    const [counted] = await queryRows<{ n: string }>(ctx.db, sql`select coalesce(sum(order_count), 0)::text as n from order_status_counts where vendor_id = 0 and status = 'completed'`);
    const [completed] = await queryRows<{ n: string }>(ctx.db, sql`select count(*)::text as n from orders where customer_kind = 'household' and status = 'completed'`);
    expect(Number(counted!.n)).toBe(Number(completed!.n));
    // A tampered entry still shows.
    await ctx.db.execute(sql`update wallet_entries set amount_paise = amount_paise + 1 where id = (select max(id) from wallet_entries where kind = 'household_payment')`);
    expect((await ledgerCheck(ctx.db)).balanced).toBe(false);
    await ctx.db.execute(sql`update wallet_entries set amount_paise = amount_paise - 1 where id = (select max(id) from wallet_entries where kind = 'household_payment')`);
    expect((await ledgerCheck(ctx.db)).balanced).toBe(true);
  });

  it.runIf(kind === 'postgres')('never skips or repeats a number under 20 concurrent completions, some of which fail', async () => {
    const { ctx, household, driver, lines } = s;
    // Another driver too, so completions wait on the counter, not only on one wallet.
    const [cityId] = await ctx.factories.cityIds();
    const other = await ctx.factories.createMember('driver', { cityId: cityId! });
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await householdOrder(ctx, household, (i % 2 === 0 ? driver : other).driverId!, lines));
    const failing = new Set(ids.filter((_, i) => i % 7 === 3));
    const year = financialYearOf(new Date());
    const before = await sequencesOf(ctx, year);
    const outcomes = await Promise.allSettled(ids.map((id) => completeHouseholdOrder(ctx.db, id, { failAfterCredit: failing.has(id) })));
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(failing.size);
    const after = await sequencesOf(ctx, year);
    const taken = 20 - failing.size;
    expect(after).toEqual(Array.from({ length: before.length + taken }, (_, i) => i + 1));
    const [counter] = await ctx.db.select().from(receiptCounters).where(eq(receiptCounters.financialYear, year));
    expect(counter!.lastNumber).toBe(before.length + taken);
    for (const id of ids) {
      const entries = await driverEntries(ctx, (ids.indexOf(id) % 2 === 0 ? driver : other).driverId!, id);
      expect(entries.map((e) => e.kind)).toEqual(failing.has(id) ? [] : ['order_credit', 'household_payment']);
    }
    expect((await ledgerCheck(ctx.db)).balanced).toBe(true);
  }, 60_000);
});
