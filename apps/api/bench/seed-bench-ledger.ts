import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';

// The ledgers a year of the bench's orders would have written, by set-based SQL: each
// completed order credits its vendor's wallet and its driver's earnings, and every tenth
// credit is followed by a debit adjustment of half of it (money paid out by hand), so a
// statement has all three kinds. Entries are inserted oldest first, so ids grow with time,
// and balance_after is the running sum, as the API writes them.
export async function seedBenchLedger(db: Database): Promise<{ entries: number }> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into wallets (owner_type, owner_id) select 'vendor', id from vendors on conflict do nothing`);
    await tx.execute(sql`insert into wallets (owner_type, owner_id) select 'driver', id from drivers on conflict do nothing`);
    await tx.execute(sql`
      with credits as (
        select w.id as wallet_id, o.id as order_id, o.vendor_amount_paise as amount, o.completed_at as at
        from orders o join wallets w on w.owner_type = 'vendor' and w.owner_id = o.vendor_id
        where o.status = 'completed'
        union all
        select w.id, o.id, o.driver_amount_paise, o.completed_at
        from orders o join wallets w on w.owner_type = 'driver' and w.owner_id = o.driver_id
        where o.status = 'completed'
      ),
      entries as (
        select wallet_id, 'order_credit' as kind, order_id, amount, at, 0 as step from credits
        union all
        select wallet_id, 'adjustment', null, -(amount / 2), at + interval '1 second', 1 from credits where order_id % 10 = 0
      )
      insert into wallet_entries (wallet_id, kind, order_id, amount_paise, balance_after_paise, created_at)
      select wallet_id, kind, order_id, amount,
        sum(amount) over (partition by wallet_id order by at, step, order_id rows unbounded preceding), at
      from entries
      order by at, step, order_id, wallet_id`);
    await tx.execute(sql`
      update wallets w set balance_paise = coalesce((select e.balance_after_paise from wallet_entries e where e.wallet_id = w.id order by e.id desc limit 1), 0)`);
  });
  await db.execute(sql`analyze wallets, wallet_entries, wallet_day_sums, wallet_entry_sums`);
  const result = (await db.execute(sql`select count(*)::int as n from wallet_entries`)) as unknown as { rows: Array<{ n: number }> };
  return { entries: result.rows[0]?.n ?? 0 };
}
