import { sql, type SQL } from 'drizzle-orm';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { HouseholdPurchases, Reconciliation, ReconciliationGroup, ReconciliationRow } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { dayRange } from '../../money/day-range';
import { ledgerCheck } from '../../money/ledger-check';
import { queryRows } from '../../db/sql-rows';

// design.md sections 10 and 16: completed orders by city, material or vendor over India-time
// days, with b2c value (weight x the b2c rate each line was priced at) and margin, plus a
// check of the whole ledger. The sums come from the rows the database keeps per day and per
// month of completion (migration 0010, db/tables/money-rollups.table.ts): whole months from
// the monthly rows and the days around them from the daily ones, so a year reads about
// 12 x cities x vendors x materials rows whatever the number of orders. They equal what a
// scan of orders and order_lines gives (reconciliation.test.ts holds them to it). Sums are
// taken in SQL as bigint and read back as text, so no paise pass through a float.

/**
 * Per group: where its key is, and how many orders each key has. An order has one city and
 * one vendor, so those count from the kept order rows; an order with two materials counts
 * once under each, which the material rows count themselves.
 */
const GROUPS: Record<ReconciliationGroup, { counted: SQL; names: SQL }> = {
  city: {
    counted: sql`select city_id as key, 0 as orders, w, v, d, b from lines union all select city_id, orders, 0, 0, 0, 0 from ords`,
    names: sql`select id, name from cities`,
  },
  material: {
    counted: sql`select material_id as key, orders, w, v, d, b from lines`,
    names: sql`select id, name from materials`,
  },
  vendor: {
    counted: sql`select vendor_id as key, 0 as orders, w, v, d, b from lines union all select vendor_id, orders, 0, 0, 0, 0 from ords`,
    names: sql`select id, company_name as name from vendors`,
  },
};

interface SumRow {
  total: boolean;
  key: number;
  name: string;
  orders: string;
  weight: string;
  vendor: string;
  driver: string;
  b2c: string;
}

function toRow(r: SumRow): ReconciliationRow {
  const vendor = Number(r.vendor);
  const driver = Number(r.driver);
  const b2c = Number(r.b2c);
  return {
    key: Number(r.key),
    name: r.name,
    orders: Number(r.orders),
    weight: gramsToKg(Number(r.weight)),
    vendor_amount: paiseToRupees(vendor),
    driver_amount: paiseToRupees(driver),
    b2c_value: paiseToRupees(b2c),
    margin: paiseToRupees(b2c - vendor - driver),
  };
}

/** Households' pickups have no vendor: their sums are kept under vendor 0 (migration 0023). */
const HOUSEHOLDS_BUCKET = 0;

/**
 * The kept rows of the days [from, to] (from null: since the beginning): months wholly
 * inside the range [lo, hi) from the monthly tables, the days before lo and from hi on
 * from the daily ones. Without a whole month inside, lo = hi = the day after `to`.
 * `lines` and `ords` are one side's: the vendors' (every bucket but the households') or
 * the households' (design.md section 21: their purchases stand beside the vendor side).
 */
function keptRows(from: string | null, to: string, side: 'vendors' | 'households'): SQL {
  return sql`
    q as (
      select ${from}::date as f, ${to}::date as t,
        coalesce((date_trunc('month', (${from}::date - 1)::timestamp) + interval '1 month')::date, '-infinity'::date) as m1,
        date_trunc('month', (${to}::date + 1)::timestamp)::date as m2
    ),
    b as materialized (
      select f, t, case when m1 < m2 then m1 else t + 1 end as lo, case when m1 < m2 then m2 else t + 1 end as hi from q
    ),
    kept_lines as (
      select r.city_id, r.vendor_id, r.material_id, r.order_count as orders, r.weight_grams as w, r.vendor_amount_paise as v, r.driver_amount_paise as d, r.b2c_value_paise as b
      from b join reconciliation_material_months r on r.month >= b.lo and r.month < b.hi
      union all
      select r.city_id, r.vendor_id, r.material_id, r.order_count, r.weight_grams, r.vendor_amount_paise, r.driver_amount_paise, r.b2c_value_paise
      from b join reconciliation_material_days r on r.day >= b.f and r.day < b.lo
      union all
      select r.city_id, r.vendor_id, r.material_id, r.order_count, r.weight_grams, r.vendor_amount_paise, r.driver_amount_paise, r.b2c_value_paise
      from b join reconciliation_material_days r on r.day >= b.hi and r.day <= b.t
    ),
    kept_ords as (
      select r.city_id, r.vendor_id, r.order_count as orders from b join reconciliation_order_months r on r.month >= b.lo and r.month < b.hi
      union all
      select r.city_id, r.vendor_id, r.order_count from b join reconciliation_order_days r on r.day >= b.f and r.day < b.lo
      union all
      select r.city_id, r.vendor_id, r.order_count from b join reconciliation_order_days r on r.day >= b.hi and r.day <= b.t
    ),
    lines as (select * from kept_lines where vendor_id ${side === 'vendors' ? sql`<>` : sql`=`} ${HOUSEHOLDS_BUCKET}),
    ords as (select * from kept_ords where vendor_id ${side === 'vendors' ? sql`<>` : sql`=`} ${HOUSEHOLDS_BUCKET})`;
}

export async function reconcile(db: DbOrTx, query: { from?: string | undefined; to?: string | undefined; group: ReconciliationGroup }): Promise<Reconciliation> {
  const range = dayRange(query.from, query.to);
  const g = GROUPS[query.group];
  // One row per group that has orders in the range (the rows of days whose orders all
  // moved away stay behind with zeros), then the totals row.
  const result = await queryRows<SumRow>(
    db,
    sql`
      with ${keptRows(range.from, range.to, 'vendors')},
      grouped as (
        select key, sum(orders) as orders, sum(w) as w, sum(v) as v, sum(d) as d, sum(b) as b from (${g.counted}) x group by key
      )
      select false as total, s.key, n.name, s.orders::text as orders, s.w::text as weight, s.v::text as vendor, s.d::text as driver, s.b::text as b2c
      from grouped s join (${g.names}) n on n.id = s.key
      where s.orders > 0
      union all
      select true, 0, '', (select coalesce(sum(orders), 0) from ords)::text,
        coalesce(sum(w), 0)::text, coalesce(sum(v), 0)::text, coalesce(sum(d), 0)::text, coalesce(sum(b), 0)::text
      from lines
      order by total, name, key`,
  );
  const rows = result.filter((r) => !r.total).map(toRow);
  const total = result.find((r) => r.total);
  const { key: _k, name: _n, ...totals } = toRow(total ?? { total: true, key: 0, name: '', orders: '0', weight: '0', vendor: '0', driver: '0', b2c: '0' });
  return { group: query.group, from: range.from, to: range.to, rows, totals, households: await householdPurchases(db, range), ledger: await ledgerCheck(db) };
}

interface HouseholdSumRow {
  total: boolean;
  city_id: number;
  city: string;
  material_id: number;
  material: string;
  orders: string;
  weight: string;
  amount: string;
}

/**
 * design.md section 21: what households were paid (the b2c amount, their lines' amounts)
 * per city and material over the same days, from the households' bucket of the kept sums.
 * A row's orders are the pickups with that material; the totals' are the pickups.
 */
async function householdPurchases(db: DbOrTx, range: { from: string | null; to: string }): Promise<HouseholdPurchases> {
  const result = await queryRows<HouseholdSumRow>(
    db,
    sql`
      with ${keptRows(range.from, range.to, 'households')},
      grouped as (
        select city_id, material_id, sum(orders) as orders, sum(w) as w, sum(v) as v from lines group by city_id, material_id
      )
      select false as total, s.city_id, c.name as city, s.material_id, m.name as material, s.orders::text as orders, s.w::text as weight, s.v::text as amount
      from grouped s join cities c on c.id = s.city_id join materials m on m.id = s.material_id
      where s.orders > 0
      union all
      select true, 0, '', 0, '', (select coalesce(sum(orders), 0) from ords)::text, coalesce(sum(w), 0)::text, coalesce(sum(v), 0)::text
      from lines
      order by total, city, material, city_id, material_id`,
  );
  const sums = (r: HouseholdSumRow) => ({ orders: Number(r.orders), weight: gramsToKg(Number(r.weight)), b2c_amount: paiseToRupees(Number(r.amount)) });
  const total = result.find((r) => r.total);
  return {
    rows: result.filter((r) => !r.total).map((r) => ({ city: { id: Number(r.city_id), name: r.city }, material: { id: Number(r.material_id), name: r.material }, ...sums(r) })),
    totals: total ? sums(total) : { orders: 0, weight: 0, b2c_amount: 0 },
  };
}
