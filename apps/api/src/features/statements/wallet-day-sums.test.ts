import { sql, type SQL } from 'drizzle-orm';
import { istDay } from '@app/shared/india-time';
import { describe, expect, it } from 'vitest';
import { appendEntry, lockWallet } from '../../money/ledger';
import { type TestContext } from '../../test/test-app';
import { TEST_DB_KINDS } from '../../test/test-database';
import { fundWallet, moneyApi, orderInStatus, useOrdersWorld, type World } from '../../test/money-test-kit';
import { expectDaySumsEqualScan, rowsOf } from './statements-test-kit';

// design.md section 16: statements read per-wallet, per-India-day, per-kind sums kept by
// triggers on wallet_entries (migration 0011). Here the kept rows are held to a scan of the
// entries after every way entries are written: through the API, and by SQL inserts, updates
// (backdating, amount, kind) and deletes no route makes, a TRUNCATE and the rebuild.

/** orderInStatus weighs its two lines at 10.5 kg and 3 kg. */
const ORDER_GRAMS = 13_500;

describe.each(TEST_DB_KINDS)('kept wallet day sums on %s', (kind) => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld(kind, (made) => ({ ctx, world } = made));

  const walletOf = async (ownerType: 'vendor' | 'driver', ownerId: number) => {
    const [w] = await rowsOf<{ id: number }>(ctx.db, sql`select id from wallets where owner_type = ${ownerType} and owner_id = ${ownerId}`);
    return w!.id;
  };
  const dayRow = async (walletId: number, day: string, entryKind: string) =>
    rowsOf<{ entry_count: number; weight_grams: string }>(ctx.db, sql`select entry_count, weight_grams::text from wallet_day_sums where wallet_id = ${walletId} and day = ${day}::date and kind = ${entryKind}`);

  it('counts order credits with their weights, payouts and adjustments written through the API', async () => {
    for (let i = 0; i < 3; i++) await orderInStatus(ctx, world, 'completed');
    const api = moneyApi(ctx);
    const payout = await api.request(world.vendor, { amount: 10 });
    expect(payout.statusCode, payout.body).toBe(201);
    expect((await api.decide(world.admin, payout.json().id, 'approve', { reference: 'UTR7' })).statusCode).toBe(200);
    await fundWallet(ctx, 'vendor', world.vendor.vendorId!, 2_500);
    await fundWallet(ctx, 'driver', world.driver.driverId!, -100);

    expect(await expectDaySumsEqualScan(ctx.db)).toBe(5);
    const vendorWallet = await walletOf('vendor', world.vendor.vendorId!);
    const driverWallet = await walletOf('driver', world.driver.driverId!);
    const today = istDay(new Date());
    // Each order credits its vendor and its driver: both carry the order's weight.
    expect(await dayRow(vendorWallet, today, 'order_credit')).toEqual([{ entry_count: 3, weight_grams: String(3 * ORDER_GRAMS) }]);
    expect(await dayRow(driverWallet, today, 'order_credit')).toEqual([{ entry_count: 3, weight_grams: String(3 * ORDER_GRAMS) }]);
    expect(await dayRow(vendorWallet, today, 'payout')).toEqual([{ entry_count: 1, weight_grams: '0' }]);
  }, 60_000);

  it('stays equal to the scan through SQL inserts, updates, backdating and deletes', async () => {
    const [w] = await rowsOf<{ id: number }>(ctx.db, sql`insert into wallets (owner_type, owner_id) values ('vendor', ${world.otherVendor.vendorId!}) returning id`);
    const walletId = w!.id;
    // 30 entries in one statement, 9 hours apart from 2025-03-01 00:00 India time: several per day and kind.
    const inserted = await rowsOf<{ id: number }>(
      ctx.db,
      sql`insert into wallet_entries (wallet_id, kind, amount_paise, balance_after_paise, created_at)
        select ${walletId}, case when g % 3 = 0 then 'payout' else 'adjustment' end, case when g % 3 = 0 then -50 else 100 + g end, 10000,
          '2025-03-01T00:00:00+05:30'::timestamptz + g * interval '9 hours'
        from generate_series(1, 30) g order by g returning id`,
    );
    const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
    await expectDaySumsEqualScan(ctx.db);
    const step = async (query: SQL) => {
      await ctx.db.execute(query);
      await expectDaySumsEqualScan(ctx.db);
    };
    // Backdated by 40 days (the demo seed does this): its day loses it, its new day gains it.
    await step(sql`update wallet_entries set created_at = created_at - interval '40 days' where id = ${ids[10]!}`);
    // Across an India midnight only (UTC keeps the date): the days follow India time.
    await step(sql`update wallet_entries set created_at = '2025-03-05T23:59:00+05:30' where id = ${ids[12]!}`);
    await step(sql`update wallet_entries set created_at = '2025-03-06T00:00:00+05:30' where id = ${ids[12]!}`);
    await step(sql`update wallet_entries set amount_paise = amount_paise + 7 where id in (${ids[3]!}, ${ids[4]!})`);
    await step(sql`update wallet_entries set kind = 'adjustment' where id = ${ids[2]!}`);
    // Columns the sums do not hold: nothing to count again.
    await step(sql`update wallet_entries set balance_after_paise = 1 where wallet_id = ${walletId}`);
    // The smallest id of a day goes: the day's min_id moves up.
    await step(sql`delete from wallet_entries where id = ${ids[0]!}`);
    // Every entry of one day and kind goes: its row goes too.
    const [day] = await rowsOf<{ day: string; kind: string }>(ctx.db, sql`select day::text, kind from wallet_day_sums where wallet_id = ${walletId} order by day, kind limit 1 offset 3`);
    await step(sql`delete from wallet_entries where wallet_id = ${walletId} and (created_at at time zone 'Asia/Kolkata')::date = ${day!.day}::date and kind = ${day!.kind}`);
    expect(await dayRow(walletId, day!.day, day!.kind)).toEqual([]);
    // A new entry dated back: a high id on an old day.
    await step(sql`insert into wallet_entries (wallet_id, kind, amount_paise, balance_after_paise, created_at) values (${walletId}, 'adjustment', 900, 10000, '2025-03-02T12:00:00+05:30')`);
    const [widened] = await rowsOf<{ max_id: string }>(ctx.db, sql`select max_id::text from wallet_day_sums where wallet_id = ${walletId} and day = '2025-03-02' and kind = 'adjustment'`);
    expect(Number(widened!.max_id)).toBeGreaterThan(ids.at(-1)!);
    // Several wallets and days in one statement.
    await step(sql`update wallet_entries set created_at = created_at - interval '1 day' where (created_at at time zone 'Asia/Kolkata')::date in ('2025-03-03', ${istDay(new Date())}::date)`);
    await step(sql`delete from wallet_entries where wallet_id = ${walletId} and amount_paise < 0`);
  }, 60_000);

  it('is counted afresh by money_sums_rebuild() and after a TRUNCATE', async () => {
    await ctx.db.execute(sql`update wallet_day_sums set amount_paise = 0, min_id = 0`);
    await ctx.db.execute(sql`delete from wallet_day_sums where kind = 'payout'`);
    await ctx.db.execute(sql`select money_sums_rebuild()`);
    expect(await expectDaySumsEqualScan(ctx.db)).toBeGreaterThan(0);
    await ctx.db.execute(sql`truncate wallet_entries`);
    expect(await expectDaySumsEqualScan(ctx.db)).toBe(0);
  });
});

// PGlite runs one statement at a time and would hide every race: these run on PostgreSQL only.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('kept wallet day sums under concurrent writes on PostgreSQL', () => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld('postgres', (made) => ({ ctx, world } = made));

  it('stays equal to the scan after 20 completions of one vendor at once through the API', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await orderInStatus(ctx, world, 'waiting_store'));
    const responses = await Promise.all(ids.map((id) => ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.store.headers })));
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    await expectDaySumsEqualScan(ctx.db);
    const [credits] = await rowsOf<{ n: number; grams: string }>(
      ctx.db,
      sql`select sum(d.entry_count)::int as n, sum(d.weight_grams)::text as grams from wallet_day_sums d join wallets w on w.id = d.wallet_id
        where w.owner_type = 'vendor' and w.owner_id = ${world.vendor.vendorId!} and d.kind = 'order_credit'`,
    );
    expect(credits).toEqual({ n: 20, grams: String(20 * ORDER_GRAMS) });
  }, 120_000);

  it('counts a day afresh right while the ledger writes to it, whichever commits first', async () => {
    const vendorId = world.vendor.vendorId!;
    const write = () => ctx.db.transaction(async (tx) => appendEntry(tx, await lockWallet(tx, 'vendor', vendorId), { kind: 'adjustment', amountPaise: 300 }));
    for (const writeFirst of [true, false]) {
      await fundWallet(ctx, 'vendor', vendorId, 100);
      const [doomed] = await rowsOf<{ id: string }>(
        ctx.db,
        sql`select e.id::text from wallet_entries e join wallets w on w.id = e.wallet_id where w.owner_type = 'vendor' and w.owner_id = ${vendorId} and e.kind = 'adjustment' order by e.id desc limit 1`,
      );
      // The same wallet, day and kind: the delete counts that day afresh while the write adds to it.
      const tamper = sql`delete from wallet_entries where id = ${doomed!.id}`;
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const holdOpen = sql`select pg_sleep(0.3)`;
      await Promise.all([
        ctx.db.transaction(async (tx) => {
          if (writeFirst) await appendEntry(tx, await lockWallet(tx, 'vendor', vendorId), { kind: 'adjustment', amountPaise: 300 });
          else await tx.execute(tamper);
          firstWrote();
          await tx.execute(holdOpen);
        }),
        wrote.then(() => (writeFirst ? ctx.db.execute(tamper) : write())),
      ]);
      await expectDaySumsEqualScan(ctx.db);
    }
  }, 60_000);
});
