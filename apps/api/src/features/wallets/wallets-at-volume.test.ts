import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { TestContext } from '../../test/test-app';
import type { TestMember } from '../../test/factories';
import { TEST_DB_KINDS } from '../../test/test-database';
import { fundWallet, moneyApi, orderInStatus, useOrdersWorld, type World } from '../../test/money-test-kit';
import { queryRows } from '../../db/sql-rows';

// design.md section 23: GET /wallets/ shows each wallet's newest entries through its index,
// and a ledger's X-Total-Count comes from the counts kept beside the sums of migration 0010
// (migration 0015), not from counting the entries. Here both are held to a scan of the
// entries: after writes through the API and by SQL, after the rebuild, and on PostgreSQL
// after completions and payouts racing each other.

type CountRow = { wallet_id: number; kind: string; entry_count: string; amount_paise: string };

/** The kept counts and sums per wallet and kind equal a scan of the entries (rows left at zero by deletes aside). */
async function expectCountsEqualScan(db: Database): Promise<number> {
  const kept = await queryRows<CountRow>(
    db,
    sql`select wallet_id, kind, entry_count::text, amount_paise::text from wallet_entry_sums where entry_count <> 0 or amount_paise <> 0 order by 1, 2`,
  );
  const scanned = await queryRows<CountRow>(
    db,
    sql`select wallet_id, kind, count(*)::text as entry_count, sum(amount_paise)::text as amount_paise from wallet_entries group by 1, 2 order by 1, 2`,
  );
  expect(kept).toEqual(scanned);
  return scanned.reduce((n, r) => n + Number(r.entry_count), 0);
}

type Owner = { type: 'vendor' | 'driver'; id: number };
const ownerQuery = (o: Owner) => `${o.type}_id=${o.id}`;

/** One wallet's entries by scan, newest first, and its kept balance. */
async function scanWallet(db: Database, owner: Owner) {
  const entries = await queryRows<{ id: string; balance_after_paise: string; amount_paise: string }>(
    db,
    sql`select e.id::text, e.balance_after_paise::text, e.amount_paise::text from wallet_entries e join wallets w on w.id = e.wallet_id
      where w.owner_type = ${owner.type} and w.owner_id = ${owner.id} order by e.id desc`,
  );
  const [wallet] = await queryRows<{ balance_paise: string }>(db, sql`select balance_paise::text from wallets where owner_type = ${owner.type} and owner_id = ${owner.id}`);
  return {
    ids: entries.map((e) => Number(e.id)),
    sum: entries.reduce((s, e) => s + Number(e.amount_paise), 0),
    lastAfter: Number(entries[0]?.balance_after_paise ?? 0),
    balance: Number(wallet?.balance_paise ?? 0),
  };
}

/**
 * What the API shows of one wallet agrees with its entries: GET /wallets/ (or driver-earnings)
 * has the balance and the newest entries, GET /wallets/transactions counts them all in
 * X-Total-Count and its pages, followed by Link, walk every entry newest first once.
 */
async function expectWalletAgrees(ctx: TestContext, admin: TestMember, owner: Owner): Promise<number> {
  const scan = await scanWallet(ctx.db, owner);
  expect(scan.balance).toBe(scan.sum);
  expect(scan.lastAfter).toBe(scan.sum);

  const list = await ctx.app.inject({ method: 'GET', url: `${owner.type === 'vendor' ? '/wallets/' : '/wallets/driver-earnings'}?${ownerQuery(owner)}&transactions_limit=3`, headers: admin.headers });
  expect(list.statusCode, list.body).toBe(200);
  const [shown] = list.json() as Array<{ balance: number; transactions: Array<{ id: number; balance_after: number }> }>;
  expect(Math.round(shown!.balance * 100)).toBe(scan.sum);
  expect(shown!.transactions.map((t) => t.id)).toEqual(scan.ids.slice(0, 3));

  const walked: number[] = [];
  let url: string | null = `/wallets/transactions?${ownerQuery(owner)}&limit=4`;
  while (url !== null) {
    const page: Awaited<ReturnType<TestContext['app']['inject']>> = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(Number(page.headers['x-total-count'])).toBe(scan.ids.length);
    walked.push(...(page.json() as Array<{ id: number }>).map((e) => e.id));
    const next: string | undefined = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    url = next === undefined ? null : new URL(next).pathname + new URL(next).search;
  }
  expect(walked).toEqual(scan.ids);
  return scan.ids.length;
}

describe.each(TEST_DB_KINDS)('wallets read from kept counts and the wallet index on %s', (kind) => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld(kind, (made) => ({ ctx, world } = made));

  const vendorOf = (w: World): Owner => ({ type: 'vendor', id: w.vendor.vendorId! });
  const driverOf = (w: World): Owner => ({ type: 'driver', id: w.driver.driverId! });

  it('agree with the entries written through the API', async () => {
    for (let i = 0; i < 3; i++) await orderInStatus(ctx, world, 'completed');
    const api = moneyApi(ctx);
    const payout = await api.request(world.vendor, { amount: 1 });
    expect(payout.statusCode, payout.body).toBe(201);
    expect((await api.decide(world.admin, payout.json().id, 'approve', { reference: 'UTR9' })).statusCode).toBe(200);
    await fundWallet(ctx, 'driver', world.driver.driverId!, 250);

    expect(await expectCountsEqualScan(ctx.db)).toBe(3 + 1 + 3 + 1);
    expect(await expectWalletAgrees(ctx, world.admin, vendorOf(world))).toBe(4);
    expect(await expectWalletAgrees(ctx, world.admin, driverOf(world))).toBe(4);
    // The CSV counts from the same kept rows.
    const csv = await ctx.app.inject({ method: 'GET', url: `/wallets/transactions.csv?${ownerQuery(vendorOf(world))}`, headers: world.admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('4');
  }, 60_000);

  it('keeps counting through SQL inserts, moves between wallets and kinds, deletes, the rebuild and a TRUNCATE', async () => {
    const [other] = await queryRows<{ id: number }>(ctx.db, sql`insert into wallets (owner_type, owner_id) values ('vendor', ${world.otherVendor.vendorId!}) returning id`);
    await ctx.db.execute(sql`
      insert into wallet_entries (wallet_id, kind, amount_paise, balance_after_paise)
      select ${other!.id}, case when g % 3 = 0 then 'payout' else 'adjustment' end, case when g % 3 = 0 then -5 else 10 end, 0
      from generate_series(1, 12) g`);
    await expectCountsEqualScan(ctx.db);
    const step = async (query: ReturnType<typeof sql>) => {
      await ctx.db.execute(query);
      await expectCountsEqualScan(ctx.db);
    };
    await step(sql`update wallet_entries set kind = 'adjustment' where id = (select max(id) from wallet_entries where wallet_id = ${other!.id} and kind = 'payout')`);
    await step(sql`update wallet_entries set wallet_id = (select id from wallets where owner_type = 'vendor' and owner_id = ${world.vendor.vendorId!}) where id = (select min(id) from wallet_entries where wallet_id = ${other!.id})`);
    await step(sql`update wallet_entries set balance_after_paise = 7 where wallet_id = ${other!.id}`);
    await step(sql`delete from wallet_entries where wallet_id = ${other!.id} and kind = 'payout'`);
    await ctx.db.execute(sql`update wallet_entry_sums set entry_count = 0`);
    await step(sql`select money_sums_rebuild()`);
    await step(sql`truncate wallet_entries cascade`);
    const res = await ctx.app.inject({ method: 'GET', url: `/wallets/transactions?${ownerQuery(vendorOf(world))}`, headers: world.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('0');
  }, 60_000);
});

// PGlite runs one statement at a time and would hide every race: this runs on PostgreSQL only.
describe.runIf(TEST_DB_KINDS.includes('postgres'))('wallets under concurrent completions and payouts on PostgreSQL', () => {
  let ctx: TestContext;
  let world: World;

  useOrdersWorld('postgres', (made) => ({ ctx, world } = made));

  it('show balances, totals and pages that agree with the entries', async () => {
    const api = moneyApi(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) ids.push(await orderInStatus(ctx, world, 'waiting_store'));
    await fundWallet(ctx, 'vendor', world.vendor.vendorId!, 50_000);
    await fundWallet(ctx, 'driver', world.driver.driverId!, 50_000);
    const requested: Array<{ id: number }> = [];
    for (const who of [world.vendor, world.driver, world.vendor, world.driver]) {
      const res = await api.request(who, { amount: 20 });
      expect(res.statusCode, res.body).toBe(201);
      requested.push(res.json());
    }

    // Completions credit both wallets while payouts are approved, requested and cancelled against them.
    const answers = await Promise.all([
      ...ids.map((id) => ctx.app.inject({ method: 'PATCH', url: `/orders/complete/${id}/`, headers: world.store.headers })),
      ...requested.map((p) => api.decide(world.admin, p.id, 'approve', { reference: `UTR${p.id}` })),
      ...Array.from({ length: 4 }, (_, i) => api.request(i % 2 ? world.driver : world.vendor, { amount: 5 })),
      ...[world.vendor, world.driver].map((who) => ctx.app.inject({ method: 'GET', url: who === world.vendor ? '/wallets/' : '/wallets/driver-earnings', headers: who.headers })),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(300);

    expect(await expectCountsEqualScan(ctx.db)).toBe(2 * (16 + 1 + 2));
    expect(await expectWalletAgrees(ctx, world.admin, { type: 'vendor', id: world.vendor.vendorId! })).toBe(16 + 1 + 2);
    expect(await expectWalletAgrees(ctx, world.admin, { type: 'driver', id: world.driver.driverId! })).toBe(16 + 1 + 2);
  }, 120_000);
});
