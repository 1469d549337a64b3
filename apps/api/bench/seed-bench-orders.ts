import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';

// The bench's orders, written by set-based SQL (generate_series): a million orders with
// two lines each take a minute or two on PostgreSQL, not the hours of row-by-row inserts.
//
// The mix of a working business: most orders done, a few in each step of the day. The
// status of order g is a multiplicative hash of g, so it is repeatable and independent of
// which store (g mod stores) gets the order. Orders are spread over the last year, oldest
// first, so ids grow with time; lines are priced as the API prices them
// (amount = round(rate x grams / 1000), lineAmountPaise), totals are their sums.
const STATUS_CASE = sql.raw(`case
  when k < 70 then 'completed' when k < 78 then 'cancelled' when k < 83 then 'pending'
  when k < 86 then 'accepted' when k < 89 then 'moving' when k < 91 then 'arrived'
  when k < 94 then 'waiting_store' when k < 96 then 'waiting_admin' when k < 98 then 'waiting_driver'
  else 'issue' end`);

/** Statuses whose lines the driver has weighed. */
const WEIGHED = sql.raw(`status not in ('pending', 'accepted', 'moving', 'cancelled')`);

export async function seedBenchOrders(
  db: Database,
  { total, stores, driverId }: { total: number; stores: Array<{ storeId: number; vendorId: number; cityId: number }>; driverId: number },
): Promise<void> {
  // Array literals: drizzle spreads a JS array into a list of parameters.
  const intArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
  const storeIds = intArray(stores.map((s) => s.storeId));
  const vendorIds = intArray(stores.map((s) => s.vendorId));
  const cityIds = intArray(stores.map((s) => s.cityId));
  await db.transaction(async (tx) => {
    // Ids are assigned in g order by the one INSERT below; g of an order is id - base.
    const result = (await tx.execute(sql`select coalesce(max(id), 0)::text as base from orders`)) as unknown as { rows: Array<{ base: string }> };
    const base = Number(result.rows[0]?.base ?? 0);
    // The rollup trigger (and the live feed's) would run a million times, and the kept money
    // sums' triggers on orders and lines would take a million rows through their transition
    // tables: off for the load, everything they keep is rebuilt from the result below.
    await tx.execute(sql`alter table orders disable trigger user`);
    await tx.execute(sql`alter table order_lines disable trigger user`);
    await tx.execute(sql`
      with m as (
        select array_agg(id order by id) as ids, array_agg(vendor_rate_paise order by id) as vr, array_agg(driver_rate_paise order by id) as dr, count(*)::int as n
        from materials
      ),
      s as (select ${storeIds}::int[] as st, ${vendorIds}::int[] as ve, ${cityIds}::int[] as ci, cardinality(${storeIds}::int[]) as n),
      o as (
        select g, ${STATUS_CASE} as status,
          now() - interval '365 days' + (g::float8 / ${total}) * interval '365 days' as at,
          1000 + (((g - 1) * 7919) % 250000) as w1,
          1000 + (((g - 1) * 7919 + 104729) % 250000) as w2,
          1 + (g - 1) % m.n as m1, 1 + (g + 4) % m.n as m2
        from generate_series(1, ${total}::bigint) as g, m,
          lateral (select ((g * 2654435761) % 4294967296) % 100 as k) as h
      )
      insert into orders (store_id, vendor_id, city_id, driver_id, status, total_weight_grams, vendor_amount_paise, driver_amount_paise, created_at, updated_at, completed_at)
      select s.st[1 + (g - 1) % s.n], s.ve[1 + (g - 1) % s.n], s.ci[1 + (g - 1) % s.n],
        case when status = 'pending' then null else ${driverId}::int end, status,
        case when ${WEIGHED} then w1 + w2 else 0 end,
        case when ${WEIGHED} then (m.vr[m1]::bigint * w1 + 500) / 1000 + (m.vr[m2]::bigint * w2 + 500) / 1000 else 0 end,
        case when ${WEIGHED} then (m.dr[m1]::bigint * w1 + 500) / 1000 + (m.dr[m2]::bigint * w2 + 500) / 1000 else 0 end,
        at, at, case when status = 'completed' then at end
      from o, s, m
      order by g`);
    await tx.execute(sql`
      with m as (
        select array_agg(id order by id) as ids, array_agg(vendor_rate_paise order by id) as vr, array_agg(driver_rate_paise order by id) as dr,
          array_agg(b2c_rate_paise order by id) as br, count(*)::int as n
        from materials
      ),
      o as (select id, id - ${base}::bigint as g, ${WEIGHED} as weighed from orders where id > ${base}::bigint)
      insert into order_lines (order_id, material_id, weight_grams, vendor_rate_paise, driver_rate_paise, b2c_rate_paise, amount_paise, driver_amount_paise, position)
      select o.id, m.ids[l.mi], case when o.weighed then l.w end, m.vr[l.mi], m.dr[l.mi], m.br[l.mi],
        case when o.weighed then (m.vr[l.mi]::bigint * l.w + 500) / 1000 else 0 end,
        case when o.weighed then (m.dr[l.mi]::bigint * l.w + 500) / 1000 else 0 end,
        l.position
      from o, m, lateral (values
        (0, 1 + (o.g - 1) % m.n, 1000 + (((o.g - 1) * 7919) % 250000)),
        (1, 1 + (o.g + 4) % m.n, 1000 + (((o.g - 1) * 7919 + 104729) % 250000))
      ) as l(position, mi, w)`);
    await tx.execute(sql`alter table orders enable trigger user`);
    await tx.execute(sql`alter table order_lines enable trigger user`);
    // The reconciliation's and the ledger check's sums of migration 0010, in one pass each.
    await tx.execute(sql`select money_sums_rebuild()`);
    // The kept counts of migration 0005, rebuilt from the orders in one pass each.
    await tx.execute(sql`delete from order_daily_rollups`);
    await tx.execute(sql`delete from order_monthly_rollups`);
    await tx.execute(sql`delete from order_status_counts`);
    await tx.execute(sql`
      insert into order_daily_rollups (day, store_id, vendor_id, city_id, status, order_count, total_weight_grams, vendor_amount_paise, driver_amount_paise)
      select (created_at at time zone 'Asia/Kolkata')::date, store_id, vendor_id, city_id, status, count(*), sum(total_weight_grams), sum(vendor_amount_paise), sum(driver_amount_paise)
      from orders group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`
      insert into order_monthly_rollups (month, store_id, vendor_id, city_id, status, order_count, total_weight_grams, vendor_amount_paise, driver_amount_paise)
      select date_trunc('month', created_at at time zone 'Asia/Kolkata')::date, store_id, vendor_id, city_id, status, count(*), sum(total_weight_grams), sum(vendor_amount_paise), sum(driver_amount_paise)
      from orders group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`
      insert into order_status_counts (store_id, vendor_id, city_id, status, order_count)
      select store_id, vendor_id, city_id, status, count(*) from orders group by 1, 2, 3, 4`);
  });
  // Statistics for the planner after a bulk load, as autovacuum would do a little later.
  await db.execute(sql`analyze orders, order_lines, order_daily_rollups, order_monthly_rollups, order_status_counts`);
  await db.execute(sql`analyze reconciliation_material_days, reconciliation_material_months, reconciliation_order_days, reconciliation_order_months, completed_order_owed`);
}
