import { sql } from 'drizzle-orm';
import { istDay } from '@app/shared/india-time';
import { autoCancelStaleOrders } from '../../src/features/orders/auto-cancel';
import { escalateStaleOrders } from '../../src/features/orders/escalate-stale-orders';
import type { Benchmark, BenchContext, Measurement } from '../bench-kit';
import { exportRun, sequential, timedCalls } from '../request-timing';
import { seedBenchLedger } from '../seed-bench-ledger';

// Issue 19 (design.md section 16), on the seeded year of orders (BENCH_ORDERS=1000000):
// a statement of the driver's year (every completed order credits it: 700,000+ entries)
// and of a vendor's, its first page with the summary, a page in the middle and the whole
// CSV; the reconciliation of the year by city, material and vendor; and one scheduler tick
// with nothing due (the steady state: the waiting orders already escalated, the pending
// ones younger than the auto-cancel age), timed as the new code runs it and as the query
// it replaced ran, in the same run. Targets: a statement page 100 ms, the reconciliation
// 300 ms, the tick 50 ms. Issue 39 item 5 (design.md section 23): the wallets list (an
// admin's page of every vendor, a vendor's own, the drivers' earnings) and the first page of
// a vendor's and of the driver's transactions, each under 30 ms like every list, beside
// the ranking and count they replaced, timed in the same run.

const TICK_RUNS = 10;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One event that began each waiting order's stay, and its escalation: the state a running business is in. */
async function escalateWaitingOrders(ctx: BenchContext): Promise<number> {
  await ctx.db.execute(sql`
    insert into order_events (order_id, action, from_status, to_status, created_at)
    select o.id, 'bench', 'arrived', o.status, o.updated_at from orders o
    where o.status in ('waiting_store', 'waiting_admin', 'issue')
      and not exists (select 1 from order_events e where e.order_id = o.id)`);
  await ctx.db.execute(sql`
    insert into escalations (order_id, store_id, vendor_id, subject, description, order_event_id, created_at)
    select e.order_id, o.store_id, o.vendor_id, 'Standing', 'Seeded by the bench', e.id, e.created_at
    from order_events e join orders o on o.id = e.order_id
    where e.action = 'bench' and not exists (select 1 from escalations x where x.order_event_id = e.id)`);
  // Pending orders as a business has them: younger than the auto-cancel age.
  await ctx.db.execute(sql`update orders set created_at = now() - (id % 20) * interval '1 hour' where status = 'pending' and created_at < now() - interval '20 hours'`);
  await ctx.db.execute(sql`analyze orders, order_events, escalations, order_stays`);
  return rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from escalations`))[0]?.n ?? 0;
}

/** The escalation query before issue 19: every waiting order's newest event looked up on every tick. */
function escalationQueryBefore(ctx: BenchContext) {
  const cutoff = new Date(Date.now() - 4 * 3_600_000).toISOString();
  return ctx.db.execute(sql`
    select o.id, e.id as event_id from orders o
    cross join lateral (select id, created_at, to_status from order_events where order_id = o.id order by id desc limit 1) e
    where o.status in ('waiting_store', 'waiting_admin', 'issue') and e.to_status = o.status and e.created_at < ${cutoff}::timestamptz
      and not exists (select 1 from escalations x where x.order_event_id = e.id)
    order by o.id limit 100`);
}

/** The auto-cancel query before issue 19: pending orders in id order, their age checked row by row. */
function autoCancelQueryBefore(ctx: BenchContext) {
  const cutoff = new Date(Date.now() - 24 * 3_600_000).toISOString();
  return ctx.db.execute(sql`select o.id from orders o where o.status = 'pending' and o.created_at < ${cutoff}::timestamptz order by o.id limit 50`);
}

/** GET /wallets/ before issue 39: every entry of the page's wallets ranked to keep each one's newest 100. */
function walletsRankingBefore(ctx: BenchContext) {
  return ctx.db.execute(sql`
    select * from (
      select e.*, row_number() over (partition by e.wallet_id order by e.id desc) as rank
      from wallet_entries e where e.wallet_id in (select id from wallets where owner_type = 'vendor')
    ) ranked where rank <= 100 order by wallet_id, id desc`);
}

/** X-Total-Count of a ledger's page before issue 39: its entries counted on every request. */
function ledgerCountBefore(ctx: BenchContext, ownerType: 'vendor' | 'driver', ownerId: number) {
  return ctx.db.execute(sql`select count(*) from wallet_entries e join wallets w on w.id = e.wallet_id where w.owner_type = ${ownerType} and w.owner_id = ${ownerId}`);
}

const WALLETS_TARGET_MS = 30;

/** Issue 39 item 5: the wallets and a ledger's first page, and the queries they replaced. */
async function walletLists(ctx: BenchContext): Promise<Measurement[]> {
  const { admin, vendor, driver } = ctx.members;
  const timed = async (title: string, path: string, headers = admin.headers) => ({ ...(await sequential(ctx, title, path, headers)), targetP50Ms: WALLETS_TARGET_MS });
  return [
    await timed('admin GET /wallets/?transactions_limit=0 every vendor\'s balance (as the web app asks)', '/wallets/?transactions_limit=0'),
    await timed('admin GET /wallets/ every vendor (50 a page, 100 transactions each)', '/wallets/'),
    await timed('vendor GET /wallets/ its own (100 transactions)', '/wallets/', vendor.headers),
    await timed('admin GET /wallets/driver-earnings (100 transactions each)', '/wallets/driver-earnings'),
    await timed('admin GET /wallets/transactions a vendor\'s first page (50)', `/wallets/transactions?vendor_id=${vendor.vendorId}`),
    await timed('admin GET /wallets/transactions the driver\'s first page (50)', `/wallets/transactions?driver_id=${driver.driverId}`),
    await timedCalls('  the ranking GET /wallets/ ran before issue 39 (for comparison)', 5, () => walletsRankingBefore(ctx)),
    await timedCalls('  the count of a vendor\'s page before issue 39 (for comparison)', 5, () => ledgerCountBefore(ctx, 'vendor', vendor.vendorId!)),
    await timedCalls('  the count of the driver\'s page before issue 39 (for comparison)', 5, () => ledgerCountBefore(ctx, 'driver', driver.driverId!)),
  ];
}

export const benchmark: Benchmark = {
  name: 'money at volume',
  async run(ctx) {
    const { admin, vendor, driver } = ctx.members;
    const h = admin.headers;
    const seeding = Date.now();
    const { entries } = await seedBenchLedger(ctx.db);
    console.log(`[bench] money: ${entries} ledger entries written in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const to = istDay(new Date());
    const from = istDay(new Date(Date.now() - 365 * 86_400_000));
    const year = `from=${from}&to=${to}`;
    const results: Measurement[] = [];
    const add = (m: Measurement, targetP50Ms?: number) => results.push(targetP50Ms === undefined ? m : { ...m, targetP50Ms });

    for (const [who, owner] of [
      ['driver', `driver_id=${driver.driverId}`],
      ['vendor', `vendor_id=${vendor.vendorId}`],
    ] as const) {
      const [middle] = rowsOf<{ id: string }>(
        await ctx.db.execute(sql`
          select e.id::text as id from wallet_entries e join wallets w on w.id = e.wallet_id
          where w.owner_type = ${who} and w.owner_id = ${who === 'driver' ? driver.driverId : vendor.vendorId}
          order by e.id offset (select count(*) / 2 from wallet_entries e2 join wallets w2 on w2.id = e2.wallet_id where w2.owner_type = ${who} and w2.owner_id = ${who === 'driver' ? driver.driverId : vendor.vendorId}) limit 1`),
      );
      add(await sequential(ctx, `admin GET /statements/ ${who}'s year, first page (50) with the summary`, `/statements/?${owner}&${year}&limit=50`, h), 100);
      add(await sequential(ctx, `admin GET /statements/ ${who}'s year, a page in the middle`, `/statements/?${owner}&${year}&limit=50&cursor=${middle?.id ?? ''}`, h), 100);
      add(await exportRun(ctx, `admin GET /statements.csv ${who}'s year`, `/statements.csv?${owner}&${year}`, h));
    }
    results.push(...(await walletLists(ctx)));
    for (const group of ['city', 'material', 'vendor'] as const) {
      add(await sequential(ctx, `admin GET /reports/reconciliation a year by ${group}`, `/reports/reconciliation?${year}&group=${group}`, h), 300);
    }

    const escalated = await escalateWaitingOrders(ctx);
    console.log(`[bench] money: ${escalated} standing orders escalated, pending orders younger than a day`);
    add(await timedCalls('scheduler tick: auto-cancel and escalation with nothing due', TICK_RUNS, async () => {
      await autoCancelStaleOrders(ctx.db);
      await escalateStaleOrders(ctx.db);
    }), 50);
    add(await timedCalls('  the same two queries as before issue 19 (for comparison)', TICK_RUNS, async () => {
      await autoCancelQueryBefore(ctx);
      await escalationQueryBefore(ctx);
    }));
    return results;
  },
};
