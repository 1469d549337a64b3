import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '@app/shared/india-time';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { ReconciliationGroup } from '@app/shared/schemas/money';
import type { Database } from '../../db/database';
import { dayRange } from '../../money/day-range';
import { ledgerCheck } from '../../money/ledger-check';
import { createTestApp, type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { completedOrder, createTaxMaterials, createWorld, GSTIN_KA, GSTIN_MH, moneyApi, orderInStatus, setCompany, setVendorGstin, useOrdersWorld, type World } from '../../test/money-test-kit';
import { reconcile } from './reconciliation';
import { queryRows } from '../../db/sql-rows';

// design.md section 16: the reconciliation report reads sums the database keeps (migration
// 0010) and the ledger check kept sums of entries and of what completed orders owe. Here the
// kept answer is held, for any range and grouping, to the scan of orders and order_lines the
// report used to run, after completions through the API and after writes no route makes
// (orders inserted completed, lines added afterwards, orders leaving completed, moving day,
// city or vendor, lines changed or deleted, orders deleted), by hand and at random.

const GROUPS: ReconciliationGroup[] = ['city', 'material', 'vendor'];
const DAY_MS = 86_400_000;
const daysAgo = (n: number) => istDay(new Date(Date.now() - n * DAY_MS));

/** The report as it was computed before migration 0010: a scan of every order and line in the range. */
async function scanReconciliation(db: Database, from: string | undefined, to: string | undefined, group: ReconciliationGroup) {
  const range = dayRange(from, to);
  const g = {
    city: { key: sql`o.city_id`, name: sql`c.name`, join: sql`join cities c on c.id = o.city_id` },
    material: { key: sql`l.material_id`, name: sql`m.name`, join: sql`join materials m on m.id = l.material_id` },
    vendor: { key: sql`o.vendor_id`, name: sql`v.company_name`, join: sql`join vendors v on v.id = o.vendor_id` },
  }[group];
  const inRange = sql`o.status = 'completed' and o.completed_at < ${range.end.toISOString()}::timestamptz ${range.start ? sql`and o.completed_at >= ${range.start.toISOString()}::timestamptz` : sql``}`;
  const sums = (key: SQL, name: SQL, join: SQL, groupBy: SQL | null) => sql`
    select ${key} as key, ${name} as name, count(distinct o.id)::text as orders, coalesce(sum(l.weight_grams), 0)::text as weight,
      coalesce(sum(l.amount_paise), 0)::text as vendor, coalesce(sum(l.driver_amount_paise), 0)::text as driver,
      coalesce(sum((l.b2c_rate_paise::bigint * l.weight_grams + 500) / 1000), 0)::text as b2c
    from orders o join order_lines l on l.order_id = o.id ${join}
    where ${inRange}
    ${groupBy ? sql`group by ${groupBy} order by ${name}, ${key}` : sql``}`;
  type Sum = { key: number; name: string; orders: string; weight: string; vendor: string; driver: string; b2c: string };
  const wire = (r: Sum) => ({
    key: Number(r.key),
    name: r.name,
    orders: Number(r.orders),
    weight: gramsToKg(Number(r.weight)),
    vendor_amount: paiseToRupees(Number(r.vendor)),
    driver_amount: paiseToRupees(Number(r.driver)),
    b2c_value: paiseToRupees(Number(r.b2c)),
    margin: paiseToRupees(Number(r.b2c) - Number(r.vendor) - Number(r.driver)),
  });
  const rows = (await queryRows<Sum>(db, sums(g.key, g.name, g.join, sql`${g.key}, ${g.name}`))).map(wire);
  const [total] = await queryRows<Sum>(db, sums(sql`0`, sql`''`, sql``, null));
  const { key: _k, name: _n, ...totals } = wire(total!);
  return { rows, totals };
}

/** The ledger check as it was before migration 0010: every entry and every completed order summed. */
async function scanLedger(db: Database) {
  const [r] = await queryRows<Record<string, string>>(
    db,
    sql`
    with per_wallet as (
      select w.id, w.balance_paise,
        coalesce((select sum(e.amount_paise) from wallet_entries e where e.wallet_id = w.id), 0) as entries_sum,
        coalesce((select e.balance_after_paise from wallet_entries e where e.wallet_id = w.id order by e.id desc limit 1), 0) as last_after
      from wallets w
    )
    select
      (select coalesce(sum(amount_paise), 0) from wallet_entries where kind = 'order_credit')::text as credited,
      (select coalesce(-sum(amount_paise), 0) from wallet_entries where kind = 'payout')::text as paid_out,
      (select coalesce(sum(balance_paise), 0) from wallets)::text as balances,
      (select count(*) from per_wallet where entries_sum <> balance_paise or last_after <> balance_paise)::text as unbalanced,
      (select coalesce(sum(case when i.reverse_charge = false then i.total_paise else o.vendor_amount_paise end
          + case when o.driver_id is null then 0 else o.driver_amount_paise end), 0)
       from orders o left join invoices i on i.order_id = o.id where o.status = 'completed')::text as owed`,
  );
  const credited = Number(r!.credited);
  return {
    credited: paiseToRupees(credited),
    paid_out: paiseToRupees(Number(r!.paid_out)),
    balances: paiseToRupees(Number(r!.balances)),
    balanced: Number(r!.unbalanced) === 0 && credited === Number(r!.owed),
  };
}

/** Each kept table against the same sums computed from the rows (rows left at zero aside). */
async function expectKeptEqualsScan(db: Database) {
  const set = async (query: SQL) => (await queryRows<Record<string, unknown>>(db, query)).map((r) => Object.values(r).map(String).join('|')).sort();
  const counted = sql`o.status = 'completed' and o.completed_at is not null`;
  const perOrderMaterial = sql`
    select (o.completed_at at time zone 'Asia/Kolkata')::date as day, o.city_id, o.vendor_id, l.material_id,
      sum(coalesce(l.weight_grams, 0)) as w, sum(l.amount_paise) as v, sum(l.driver_amount_paise) as d,
      sum(coalesce((l.b2c_rate_paise::bigint * l.weight_grams + 500) / 1000, 0)) as b
    from orders o join order_lines l on l.order_id = o.id where ${counted} group by o.id, l.material_id`;
  const perOrder = sql`select distinct (o.completed_at at time zone 'Asia/Kolkata')::date as day, o.city_id, o.vendor_id, o.id
    from orders o join order_lines l on l.order_id = o.id where ${counted}`;
  const nonZero = sql`(order_count <> 0 or weight_grams <> 0 or vendor_amount_paise <> 0 or driver_amount_paise <> 0 or b2c_value_paise <> 0)`;
  for (const [period, daily, monthly] of [
    [sql`day`, 'reconciliation_material_days', 'reconciliation_order_days'],
    [sql`date_trunc('month', day::timestamp)::date`, 'reconciliation_material_months', 'reconciliation_order_months'],
  ] as const) {
    const column = sql.raw(daily.endsWith('days') ? 'day' : 'month');
    expect(await set(sql`select ${column}::text, city_id, vendor_id, material_id, order_count, weight_grams, vendor_amount_paise, driver_amount_paise, b2c_value_paise from ${sql.raw(daily)} where ${nonZero}`)).toEqual(
      await set(sql`select ${period}::text as p, city_id, vendor_id, material_id, count(*) as n, sum(w) as w, sum(v) as v, sum(d) as d, sum(b) as b from (${perOrderMaterial}) x group by 1, 2, 3, 4`),
    );
    expect(await set(sql`select ${column}::text, city_id, vendor_id, order_count from ${sql.raw(monthly)} where order_count <> 0`)).toEqual(
      await set(sql`select ${period}::text as p, city_id, vendor_id, count(*) as n from (${perOrder}) x group by 1, 2, 3`),
    );
  }
  expect(await set(sql`select vendor_id, owed_paise from completed_order_owed where owed_paise <> 0`)).toEqual(
    await set(sql`select o.vendor_id, sum(case when i.reverse_charge = false then i.total_paise else o.vendor_amount_paise end
        + case when o.driver_id is null then 0 else o.driver_amount_paise end) as owed
      from orders o left join invoices i on i.order_id = o.id where o.status = 'completed' group by 1 having sum(case when i.reverse_charge = false then i.total_paise else o.vendor_amount_paise end
        + case when o.driver_id is null then 0 else o.driver_amount_paise end) <> 0`),
  );
  expect(await set(sql`select wallet_id, kind, amount_paise from wallet_entry_sums where amount_paise <> 0`)).toEqual(
    await set(sql`select wallet_id, kind, sum(amount_paise) from wallet_entries group by 1, 2 having sum(amount_paise) <> 0`),
  );
}

async function expectReportEqualsScan(db: Database, ranges: Array<[string | undefined, string | undefined]>) {
  for (const [from, to] of ranges) {
    for (const group of GROUPS) {
      const kept = await reconcile(db, { from, to, group });
      const scan = await scanReconciliation(db, from, to, group);
      expect({ range: [from, to, group], rows: kept.rows, totals: kept.totals }).toEqual({ range: [from, to, group], ...scan });
    }
  }
}

const [thisYear, thisMonth] = daysAgo(0).split('-').map(Number) as [number, number];
/** The first and the last day of the month `back` months before this one (calendar arithmetic, so UTC). */
const monthStart = (back: number) => new Date(Date.UTC(thisYear, thisMonth - 1 - back, 1)).toISOString().slice(0, 10);
const monthEnd = (back: number) => new Date(Date.UTC(thisYear, thisMonth - back, 0)).toISOString().slice(0, 10);

/** One day, yesterday to today, month edges, exactly whole months, open starts, the default `to`, and the days to come. */
const RANGES: Array<[string | undefined, string | undefined]> = [
  [monthStart(2), monthEnd(1)],
  [monthStart(1), monthEnd(1)],
  [monthStart(1), daysAgo(0)],
  [daysAgo(0), daysAgo(0)],
  [daysAgo(1), daysAgo(0)],
  [daysAgo(45), daysAgo(0)],
  [daysAgo(75), daysAgo(20)],
  [daysAgo(400), daysAgo(2)],
  [undefined, daysAgo(30)],
  [undefined, undefined],
  [daysAgo(0), daysAgo(-3)],
  [`${daysAgo(70).slice(0, 7)}-01`, daysAgo(0)],
];

describe.each(TEST_DB_KINDS)('kept reconciliation sums and ledger check on %s', (kind) => {
  let ctx: TestContext;
  let world: World;
  let materials: number[];
  /** Inserts an order by SQL (no route writes it so), completed `hoursAgo` hours ago unless another status is given. */
  let insertOrder: (o: { status?: string; hoursAgo?: number | null; city?: number; other?: boolean }) => Promise<number>;
  let insertLines: (orderId: number, lines: Array<[material: number, grams: number | null]>) => Promise<void>;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    world = await createWorld(ctx);
    materials = [...(await createTaxMaterials(ctx, world.admin)), ...world.materialIds.slice(0, 2)];
    await setCompany(ctx, world.admin, GSTIN_MH);
    // The other vendor is registered for GST in another state: its invoices are not reverse
    // charge, so its wallet is credited the invoice total, not the vendor amount.
    expect((await setVendorGstin(ctx, world.admin, world.otherVendor.vendorId!, GSTIN_KA)).statusCode).toBe(200);
    await completedOrder(ctx, world, materials.slice(0, 2));
    await completedOrder(ctx, { ...world, store: world.otherStore }, materials.slice(0, 2), [2, 7.25]);
    const payout = (await moneyApi(ctx).request(world.vendor, { amount: 10 })).json();
    expect((await moneyApi(ctx).decide(world.admin, payout.id, 'approve', { reference: 'UTR1' })).statusCode).toBe(200);

    insertOrder = async ({ status = 'completed', hoursAgo = 1, city = world.cityA, other = false }) => {
      const store = other ? world.otherStore : world.store;
      const vendor = other ? world.otherVendor : world.vendor;
      const at = hoursAgo === null ? sql`null` : sql`now() - ${hoursAgo} * interval '1 hour'`;
      const [row] = await queryRows<{ id: number }>(
        ctx.db,
        sql`insert into orders (store_id, vendor_id, city_id, driver_id, status, vendor_amount_paise, driver_amount_paise, completed_at)
          values (${store.storeId}, ${vendor.vendorId}, ${city}, ${world.driver.driverId}, ${status}, 1000, 100, ${at}) returning id`,
      );
      return Number(row!.id);
    };
    insertLines = async (orderId, lines) => {
      const values = lines.map(([material, grams], i) => sql`(${orderId}, ${material}, ${grams}, 12345, 500, 13000, ${grams === null ? 0 : Math.round((12345 * grams) / 1000)}, ${grams === null ? 0 : Math.round((500 * grams) / 1000)}, ${i})`);
      await ctx.db.execute(sql`insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, b2c_rate_paise, amount_paise, driver_amount_paise, position)
        values ${sql.join(values, sql`, `)}`);
    };
  }, 120_000);
  afterAll(async () => ctx?.close());

  it('checks the ledger from kept sums: balanced, then not after a tampered balance, entry amount or order amount', async () => {
    const check = await ledgerCheck(ctx.db);
    expect(check).toEqual(await scanLedger(ctx.db));
    expect(check.balanced).toBe(true);
    // The GST-registered vendor's credit is its invoice total: more than its vendor amount.
    const [gst] = await queryRows<{ total: number; vendor: number }>(
      ctx.db,
      sql`select i.total_paise as total, o.vendor_amount_paise as vendor from invoices i join orders o on o.id = i.order_id where o.vendor_id = ${world.otherVendor.vendorId} and i.reverse_charge = false`,
    );
    expect(Number(gst!.total)).toBeGreaterThan(Number(gst!.vendor));
    const expectBalanced = async (balanced: boolean) => {
      const kept = await ledgerCheck(ctx.db);
      expect(kept).toEqual(await scanLedger(ctx.db));
      expect(kept.balanced).toBe(balanced);
    };
    const vendorWallet = sql`(select id from wallets where owner_type = 'vendor' and owner_id = ${world.vendor.vendorId})`;

    await ctx.db.execute(sql`update wallets set balance_paise = balance_paise + 1 where id = ${vendorWallet}`);
    await expectBalanced(false);
    await ctx.db.execute(sql`update wallets set balance_paise = balance_paise - 1 where id = ${vendorWallet}`);
    await expectBalanced(true);

    const entry = sql`(select max(id) from wallet_entries where wallet_id = ${vendorWallet} and kind = 'order_credit')`;
    await ctx.db.execute(sql`update wallet_entries set amount_paise = amount_paise + 7 where id = ${entry}`);
    await expectBalanced(false);
    await ctx.db.execute(sql`update wallet_entries set amount_paise = amount_paise - 7 where id = ${entry}`);
    await expectBalanced(true);

    // Completed orders now owe more than was credited: a reverse-charge order's vendor amount, then an invoice total.
    const [completed] = await queryRows<{ id: number }>(ctx.db, sql`select max(id) as id from orders where vendor_id = ${world.vendor.vendorId} and status = 'completed'`);
    const order = Number(completed!.id);
    await ctx.db.execute(sql`update orders set vendor_amount_paise = vendor_amount_paise + 500 where id = ${order}`);
    await expectBalanced(false);
    await ctx.db.execute(sql`update orders set vendor_amount_paise = vendor_amount_paise - 500 where id = ${order}`);
    await expectBalanced(true);
    const invoice = sql`(select i.order_id from invoices i join orders o on o.id = i.order_id where o.vendor_id = ${world.otherVendor.vendorId})`;
    await ctx.db.execute(sql`update invoices set total_paise = total_paise + 3 where order_id = ${invoice}`);
    await expectBalanced(false);
    await ctx.db.execute(sql`update invoices set total_paise = total_paise - 3 where order_id = ${invoice}`);
    await expectBalanced(true);
    // An order moved out of completed still has its credits: they no longer match.
    await ctx.db.execute(sql`update orders set status = 'issue' where id = ${order}`);
    await expectBalanced(false);
    await ctx.db.execute(sql`update orders set status = 'completed' where id = ${order}`);
    await expectBalanced(true);
    await expectKeptEqualsScan(ctx.db);
  });

  it('reports what a scan of orders and lines reports, after API completions and writes by plain SQL', async () => {
    await expectReportEqualsScan(ctx.db, RANGES);
    const [apiOrder] = await queryRows<{ id: number }>(ctx.db, sql`select max(id) as id from orders where status = 'completed'`);

    // Inserted completed, lines afterwards: two of one material in one statement count one order for it.
    const a = await insertOrder({ hoursAgo: 30 });
    await insertLines(a, [[materials[0]!, 1500], [materials[0]!, 250], [materials[1]!, 10_000]]);
    // A line added to an order the API completed; a line not weighed.
    await insertLines(Number(apiOrder!.id), [[materials[2]!, 3333], [materials[3]!, null]]);
    // Inserted completed with its lines in one statement.
    await ctx.db.execute(sql`
      with o as (
        insert into orders (store_id, vendor_id, city_id, status, vendor_amount_paise, completed_at)
        values (${world.otherStore.storeId}, ${world.otherVendor.vendorId}, ${world.cityB}, 'completed', 77, now() - interval '50 days') returning id
      )
      insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, b2c_rate_paise, amount_paise)
      select o.id, m, 1000 * m, 100, 10, 120, 100 * m from o, unnest(array[${materials[0]!}::int, ${materials[1]!}::int]) as m`);
    // Completed without a completed_at, and completed without lines: neither is in the report.
    await insertLines(await insertOrder({ hoursAgo: null }), [[materials[0]!, 999]]);
    await insertOrder({ hoursAgo: 2 });
    await expectKeptEqualsScan(ctx.db);
    await expectReportEqualsScan(ctx.db, RANGES);

    // Lines changed: weight and material; one moved to another order; one deleted.
    const b = await insertOrder({ hoursAgo: 24 * 40, other: true });
    await insertLines(b, [[materials[1]!, 4000], [materials[2]!, 600]]);
    await ctx.db.execute(sql`update order_lines set weight_grams = weight_grams * 3, material_id = ${materials[3]!} where order_id = ${a} and material_id = ${materials[0]!}`);
    await ctx.db.execute(sql`update order_lines set order_id = ${b} where id = (select min(id) from order_lines where order_id = ${a})`);
    await ctx.db.execute(sql`delete from order_lines where id = (select max(id) from order_lines where order_id = ${b})`);
    await expectKeptEqualsScan(ctx.db);
    await expectReportEqualsScan(ctx.db, RANGES);

    // Orders moved: out of completed and back, to another day and month, city and vendor; one deleted.
    await ctx.db.execute(sql`update orders set status = 'waiting_admin' where id = ${a}`);
    await expectReportEqualsScan(ctx.db, RANGES.slice(0, 3));
    await ctx.db.execute(sql`update orders set status = 'completed', completed_at = completed_at - interval '33 days', city_id = ${world.cityB} where id = ${a}`);
    await ctx.db.execute(sql`update orders set vendor_id = ${world.vendor.vendorId}, completed_at = completed_at + interval '7 hours' where id = ${b}`);
    await ctx.db.execute(sql`update orders set completed_at = null where id = (select max(id) from orders where status = 'completed' and completed_at > now() - interval '3 hours')`);
    await ctx.db.execute(sql`delete from orders where id = ${b}`);
    await expectKeptEqualsScan(ctx.db);
    await expectReportEqualsScan(ctx.db, RANGES);
  });

  it('answers the route as reconcile() does, JSON and CSV', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/reports/reconciliation?group=vendor&from=${daysAgo(90)}`, headers: world.admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    const scan = await scanReconciliation(ctx.db, daysAgo(90), undefined, 'vendor');
    expect(res.json()).toMatchObject({ group: 'vendor', from: daysAgo(90), to: daysAgo(0), ...scan });
    const csv = await ctx.app.inject({ method: 'GET', url: `/reports/reconciliation.csv?group=vendor&from=${daysAgo(90)}`, headers: world.admin.headers });
    const t = scan.totals;
    expect(csv.body.trim().split('\r\n').at(-1)).toBe(`,Total,${t.orders},${t.weight},${t.vendor_amount},${t.driver_amount},${t.b2c_value},${t.margin}`);
  });

  type Op =
    | { op: 'order'; hoursAgo: number; status: 'completed' | 'waiting_store'; cityB: boolean; other: boolean; lines: Array<[number, number]> }
    | { op: 'lines'; pick: number; lines: Array<[number, number]> }
    | { op: 'weigh'; pick: number; grams: number; material: number }
    | { op: 'unline'; pick: number }
    | { op: 'status'; pick: number; status: 'completed' | 'issue' }
    | { op: 'move'; pick: number; hours: number; cityB: boolean; other: boolean }
    | { op: 'delete'; pick: number };
  const lines = fc.array(fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 90_000 })), { minLength: 0, maxLength: 3 });
  const hours = fc.integer({ min: -30, max: 24 * 70 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('order' as const), hoursAgo: hours, status: fc.constantFrom('completed' as const, 'waiting_store' as const), cityB: fc.boolean(), other: fc.boolean(), lines }),
    fc.record({ op: fc.constant('lines' as const), pick: fc.nat(), lines }),
    fc.record({ op: fc.constant('weigh' as const), pick: fc.nat(), grams: fc.integer({ min: 0, max: 50_000 }), material: fc.nat(3) }),
    fc.record({ op: fc.constant('unline' as const), pick: fc.nat() }),
    fc.record({ op: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom('completed' as const, 'issue' as const) }),
    fc.record({ op: fc.constant('move' as const), pick: fc.nat(), hours: fc.integer({ min: -24 * 40, max: 24 * 40 }), cityB: fc.boolean(), other: fc.boolean() }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  );
  const range = fc.tuple(fc.option(fc.integer({ min: -3, max: 75 }), { nil: undefined }), fc.integer({ min: -3, max: 75 })).map(([a, b]): [string | undefined, string] =>
    a === undefined ? [undefined, daysAgo(b)] : [daysAgo(Math.max(a, b)), daysAgo(Math.min(a, b))],
  );

  it('equals the scan for any small set of orders, lines, changes and ranges (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.array(range, { minLength: 1, maxLength: 3 }), async (ops, ranges) => {
        const mine: number[] = [];
        const pick = (n: number) => mine[n % mine.length]!;
        for (const o of ops) {
          if (o.op === 'order') {
            const id = await insertOrder({ status: o.status, hoursAgo: o.hoursAgo, city: o.cityB ? world.cityB : world.cityA, other: o.other });
            mine.push(id);
            if (o.lines.length > 0) await insertLines(id, o.lines.map(([m, g]) => [materials[m]!, g]));
          } else if (mine.length === 0) continue;
          else if (o.op === 'lines' && o.lines.length > 0) await insertLines(pick(o.pick), o.lines.map(([m, g]) => [materials[m]!, g]));
          else if (o.op === 'weigh')
            await ctx.db.execute(sql`update order_lines set weight_grams = ${o.grams}, material_id = ${materials[o.material]!}, amount_paise = ${o.grams}
              where id = (select min(id) from order_lines where order_id = ${pick(o.pick)})`);
          else if (o.op === 'unline') await ctx.db.execute(sql`delete from order_lines where id = (select max(id) from order_lines where order_id = ${pick(o.pick)})`);
          else if (o.op === 'status') await ctx.db.execute(sql`update orders set status = ${o.status} where id = ${pick(o.pick)}`);
          else if (o.op === 'move') {
            const store = o.other ? world.otherStore : world.store;
            await ctx.db.execute(sql`update orders set completed_at = completed_at + ${o.hours} * interval '1 hour', city_id = ${o.cityB ? world.cityB : world.cityA},
              store_id = ${store.storeId}, vendor_id = ${store.vendorId} where id = ${pick(o.pick)}`);
          } else if (o.op === 'delete') {
            const id = pick(o.pick);
            await ctx.db.execute(sql`delete from orders where id = ${id}`);
            mine.splice(mine.indexOf(id), 1);
          }
        }
        await expectReportEqualsScan(ctx.db, ranges);
      }),
      { numRuns: kind === 'pglite' ? 50 : 30 },
    );
    await expectKeptEqualsScan(ctx.db);
  }, 240_000);
});

// PGlite runs one statement at a time and would hide every race: these run on PostgreSQL only.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('kept reconciliation sums under concurrent writes on PostgreSQL', () => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld('postgres', (made) => ({ ctx, world } = made));

  it('stays equal to the scan after 20 completions at once through the API, and the ledger balances', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await orderInStatus(ctx, i % 2 === 0 ? world : { ...world, store: world.otherStore }, 'waiting_store'));
    const responses = await Promise.all(
      ids.map((id, i) => ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: (i % 2 === 0 ? world.store : world.otherStore).headers })),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    await expectKeptEqualsScan(ctx.db);
    await expectReportEqualsScan(ctx.db, [[daysAgo(0), daysAgo(0)], [undefined, undefined]]);
    const check = await ledgerCheck(ctx.db);
    expect(check).toEqual(await scanLedger(ctx.db));
    expect(check.balanced).toBe(true);
  }, 120_000);

  it('counts a line written while another transaction completes its order by SQL, whichever commits first', async () => {
    const line = (orderId: number) => sql`insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, b2c_rate_paise, amount_paise, driver_amount_paise)
      values (${orderId}, ${world.materialIds[0]!}, 2500, 1000, 100, 1200, 2500, 250)`;
    const complete = (orderId: number) => sql`update orders set status = 'completed', completed_at = now() where id = ${orderId}`;
    for (const lineFirst of [true, false]) {
      const id = await orderInStatus(ctx, world, 'waiting_store');
      const [first, second] = lineFirst ? [line(id), complete(id)] : [complete(id), line(id)];
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      await Promise.all([
        ctx.db.transaction(async (tx) => {
          await tx.execute(first);
          firstWrote();
          // Holds its transaction open while the other one writes.
          await tx.execute(sql`select pg_sleep(0.3)`);
        }),
        wrote.then(() => ctx.db.execute(second)),
      ]);
      await expectKeptEqualsScan(ctx.db);
      await expectReportEqualsScan(ctx.db, [[daysAgo(0), daysAgo(0)]]);
    }
  }, 60_000);
});
