import { sql, type SQL } from 'drizzle-orm';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import type { Reconciliation, ReconciliationGroup, ReconciliationRow } from '@app/shared/schemas/money';
import type { DbOrTx } from '../../db/database';
import { dayRange } from '../../money/day-range';
import { ledgerCheck } from '../../money/ledger-check';

// design.md section 10: completed orders by city, material or vendor over India-time days,
// with b2c value (weight x the b2c rate each line was priced at) and margin, plus a check
// of the whole ledger. Sums are taken in SQL as bigint and read back as text, so no paise
// pass through a float.

const GROUPS: Record<ReconciliationGroup, { key: SQL; name: SQL; join: SQL }> = {
  city: { key: sql`o.city_id`, name: sql`c.name`, join: sql`join cities c on c.id = o.city_id` },
  material: { key: sql`l.material_id`, name: sql`m.name`, join: sql`join materials m on m.id = l.material_id` },
  vendor: { key: sql`o.vendor_id`, name: sql`v.company_name`, join: sql`join vendors v on v.id = o.vendor_id` },
};

interface SumRow {
  key: number;
  name: string;
  orders: string;
  weight: string;
  vendor: string;
  driver: string;
  b2c: string;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];
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

export async function reconcile(db: DbOrTx, query: { from?: string | undefined; to?: string | undefined; group: ReconciliationGroup }): Promise<Reconciliation> {
  const range = dayRange(query.from, query.to);
  const g = GROUPS[query.group];
  const inRange = sql`o.status = 'completed' and o.completed_at < ${range.end.toISOString()}::timestamptz ${range.start ? sql`and o.completed_at >= ${range.start.toISOString()}::timestamptz` : sql``}`;
  // A line's b2c value rounds half up to the paisa, as its amounts do (lineAmountPaise).
  const sums = (key: SQL, name: SQL, join: SQL, groupBy: SQL | null) => sql`
    select ${key} as key, ${name} as name,
      count(distinct o.id)::text as orders,
      coalesce(sum(l.weight_grams), 0)::text as weight,
      coalesce(sum(l.amount_paise), 0)::text as vendor,
      coalesce(sum(l.driver_amount_paise), 0)::text as driver,
      coalesce(sum((l.b2c_rate_paise::bigint * l.weight_grams + 500) / 1000), 0)::text as b2c
    from orders o
    join order_lines l on l.order_id = o.id
    ${join}
    where ${inRange}
    ${groupBy ? sql`group by ${groupBy} order by ${name}, ${key}` : sql``}`;
  const grouped = rowsOf(await db.execute(sums(g.key, g.name, g.join, sql`${g.key}, ${g.name}`))) as unknown as SumRow[];
  const [total] = rowsOf(await db.execute(sums(sql`0`, sql`''`, sql``, null))) as unknown as SumRow[];
  const { key: _k, name: _n, ...totals } = toRow(total ?? { key: 0, name: '', orders: '0', weight: '0', vendor: '0', driver: '0', b2c: '0' });
  return { group: query.group, from: range.from, to: range.to, rows: grouped.map(toRow), totals, ledger: await ledgerCheck(db) };
}
