// Test helpers of statements (not a test file itself): the kept day sums and a statement's
// figures worked out again by scanning wallet_entries, as the code did before migration
// 0011, so the kept answer can be held to it.
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/database';
import { dayRange } from '../../money/day-range';
import { queryRows } from '../../db/sql-rows';

export const rowsOf = <T extends object>(db: Database, query: SQL): Promise<T[]> => queryRows<T>(db, query);

type DayRow = Record<'wallet_id' | 'day' | 'kind' | 'entry_count' | 'amount_paise' | 'weight_grams' | 'min_id' | 'max_id', string>;

/** Every kept day row equals the scan of the entries (and the credited orders' weights); returns how many rows there are. */
export async function expectDaySumsEqualScan(db: Database): Promise<number> {
  const kept = await rowsOf<DayRow>(
    db,
    sql`select d.wallet_id::text, d.day::text, d.kind, d.entry_count::text, d.amount_paise::text, d.weight_grams::text, d.min_id::text, d.max_id::text
      from wallet_day_sums d order by d.wallet_id, d.day, d.kind`,
  );
  const scanned = await rowsOf<DayRow>(
    db,
    sql`select e.wallet_id::text, (e.created_at at time zone 'Asia/Kolkata')::date::text as day, e.kind, count(*)::text as entry_count,
        sum(e.amount_paise)::text as amount_paise, coalesce(sum(o.total_weight_grams) filter (where e.kind = 'order_credit'), 0)::text as weight_grams,
        min(e.id)::text as min_id, max(e.id)::text as max_id
      from wallet_entries e left join orders o on o.id = e.order_id
      group by e.wallet_id, 2, e.kind order by e.wallet_id, 2, e.kind`,
  );
  expect(kept).toEqual(scanned);
  return kept.length;
}

/** A statement's figures (paise, grams) and its entries' ids in order, by scanning the wallet's entries by time. */
export async function scanStatement(db: Database, walletId: number, from: string | undefined, to: string | undefined) {
  const range = dayRange(from, to);
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const inPeriod = range.start ? sql`e.created_at >= ${range.start.toISOString()}::timestamptz and e.created_at < ${end}` : sql`e.created_at < ${end}`;
  const [s] = await rowsOf<Record<string, string>>(
    db,
    sql`select
      coalesce(sum(e.amount_paise) filter (where not (${inPeriod})), 0)::text as opening,
      coalesce(sum(e.amount_paise) filter (where ${inPeriod} and e.kind in ('order_credit', 'household_payment')), 0)::text as credits,
      coalesce(-sum(e.amount_paise) filter (where ${inPeriod} and e.kind = 'payout'), 0)::text as payouts,
      coalesce(sum(e.amount_paise) filter (where ${inPeriod} and e.kind = 'adjustment'), 0)::text as adjustments,
      count(*) filter (where ${inPeriod} and e.kind = 'order_credit')::text as orders,
      coalesce(sum(o.total_weight_grams) filter (where ${inPeriod} and e.kind = 'order_credit'), 0)::text as weight
    from wallet_entries e left join orders o on o.id = e.order_id
    where e.wallet_id = ${walletId} and e.created_at < ${end}`,
  );
  const ids = await rowsOf<{ id: string }>(db, sql`select e.id::text from wallet_entries e where e.wallet_id = ${walletId} and ${inPeriod} order by e.id`);
  const figures = Object.fromEntries(Object.entries(s!).map(([k, v]) => [k, Number(v)])) as Record<'opening' | 'credits' | 'payouts' | 'adjustments' | 'orders' | 'weight', number>;
  return { ...figures, closing: figures.opening + figures.credits + figures.adjustments - figures.payouts, ids: ids.map((r) => Number(r.id)) };
}
