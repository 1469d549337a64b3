import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChartGroup, ChartMetric } from '@app/shared/constants';
import { paiseToRupees } from '@app/shared/money';
import type { OrderStats } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orderDailyRollups, orderMonthlyRollups } from '../../db/tables/order-rollups.table';
import { orders } from '../../db/tables/orders.table';
import { fieldError } from '../../http/http-error';
import { IST_TIME_ZONE, istDate, istMidnight } from './india-time';
import { allOf, customerKindByVendor, orderConditions, type OrderFilterValues } from './order-filters';

const MAX_BUCKETS: Record<ChartGroup, number> = { month: 240, day: 731 };

export interface StatsQuery extends OrderFilterValues {
  group: ChartGroup;
  metric: ChartMetric;
  since?: string | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Every bucket label from the one holding `since` to the one holding `now`, in order. */
export function bucketLabels(group: ChartGroup, since: Date, now: Date): string[] {
  const labels: string[] = [];
  const start = istDate(since);
  const end = istDate(now);
  if (group === 'month') {
    // Months counted from year 0, so stepping is one addition.
    for (let m = start.year * 12 + start.month; m <= end.year * 12 + end.month; m++) {
      labels.push(`${Math.floor(m / 12)}-${pad((m % 12) + 1)}`);
    }
  } else {
    for (let t = istMidnight(start.year, start.month, start.day); t <= now; t = new Date(t.getTime() + 86_400_000)) {
      const d = istDate(t);
      labels.push(`${d.year}-${pad(d.month + 1)}-${pad(d.day)}`);
    }
  }
  return labels;
}

/** The spec's default ranges: the last 12 months, or the last 30 days, both including today. */
export function defaultSince(group: ChartGroup, now: Date): Date {
  const today = istDate(now);
  return group === 'month' ? istMidnight(today.year, today.month - 11, 1) : istMidnight(today.year, today.month, today.day - 29);
}

/** GET /orders/stats: orders per month or day (count), or rupees earned (vendor_amount of completed orders unless `status` says otherwise). */
export async function orderStats(db: DbOrTx, auth: AuthContext, query: StatsQuery, now = new Date()): Promise<OrderStats> {
  const since = query.since ? new Date(query.since) : defaultSince(query.group, now);
  const labels = bucketLabels(query.group, since, now);
  if (labels.length > MAX_BUCKETS[query.group]) {
    throw fieldError('since', `A ${query.group} chart covers at most ${MAX_BUCKETS[query.group]} ${query.group}s`);
  }
  const tenancy = tenancyOf(auth);
  const statuses = query.status?.length ? query.status : query.metric === 'vendor_amount' ? (['completed'] as const) : undefined;
  const rows = (await rollupBuckets(db, tenancy, query, since, statuses)) ?? (await scanBuckets(db, tenancy, query, since, statuses));

  // Sums of bigint come back as text or bigint depending on the driver; they are integers either way.
  const byPeriod = new Map(rows.map((r) => [r.period, Number(r.value)]));
  return labels.map((label) => {
    const raw = byPeriod.get(label) ?? 0;
    return { period: label, value: query.metric === 'count' ? raw : paiseToRupees(raw) };
  });
}

type Bucket = { period: string; value: number | string };

/**
 * The rollups (migration 0005) answer when the filters are ones they keep and `since` starts
 * an India day: a month chart from its first of the month reads the monthly one.
 */
async function rollupBuckets(db: DbOrTx, tenancy: Tenancy, query: StatsQuery, since: Date, statuses: readonly string[] | undefined): Promise<Bucket[] | null> {
  if (query.search || query.driver_id !== undefined || query.created_at__gt || query.created_at__lt || query.pickup_date) return null;
  const d = istDate(since);
  if (istMidnight(d.year, d.month, d.day).getTime() !== since.getTime()) return null;
  const monthly = query.group === 'month' && d.day === 1;
  const r = monthly
    ? { ...pickRollup(orderMonthlyRollups), period: orderMonthlyRollups.month, table: orderMonthlyRollups }
    : { ...pickRollup(orderDailyRollups), period: orderDailyRollups.day, table: orderDailyRollups };
  const where: SQL[] = [gte(r.period, `${d.year}-${pad(d.month + 1)}-${pad(d.day)}`)];
  if (tenancy.kind === 'vendor') where.push(eq(r.vendorId, tenancy.vendorId));
  else if (tenancy.kind === 'store' || tenancy.kind === 'household') where.push(eq(r.storeId, tenancy.storeId));
  else if (tenancy.kind !== 'all') return null;
  if (statuses) where.push(inArray(r.status, [...statuses]));
  if (query.store_id !== undefined) where.push(eq(r.storeId, query.store_id));
  if (query.vendor_id !== undefined) where.push(eq(r.vendorId, query.vendor_id));
  if (query.city_id !== undefined) where.push(eq(r.cityId, query.city_id));
  const customer = customerKindByVendor(r.vendorId, query.customer_kind);
  if (customer) where.push(customer);
  const format = query.group === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  // Group on the date itself (cheap), format only the buckets.
  const bucket = query.group === 'month' && !monthly ? sql`date_trunc('month', ${r.period})::date` : sql`${r.period}`;
  const period = sql<string>`to_char(${bucket}, ${sql.raw(`'${format}'`)})`;
  const value = query.metric === 'count' ? sql<number>`coalesce(sum(${r.orderCount}), 0)` : sql<number>`coalesce(sum(${r.vendorAmountPaise}), 0)`;
  return db.select({ period, value }).from(r.table).where(and(...where)).groupBy(bucket);
}

const pickRollup = (t: typeof orderDailyRollups | typeof orderMonthlyRollups) => ({
  storeId: t.storeId,
  vendorId: t.vendorId,
  cityId: t.cityId,
  status: t.status,
  orderCount: t.orderCount,
  vendorAmountPaise: t.vendorAmountPaise,
});

/** Filters the rollup does not keep (search, driver, exact times, pickup day): group the orders themselves. */
async function scanBuckets(db: DbOrTx, tenancy: Tenancy, query: StatsQuery, since: Date, statuses: readonly string[] | undefined): Promise<Bucket[]> {
  const conditions = orderConditions(tenancy, { ...query, status: undefined });
  conditions.push(gte(orders.createdAt, since));
  if (statuses) conditions.push(inArray(orders.status, [...statuses] as (typeof orders.status._.data)[]));
  const format = query.group === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const period = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${IST_TIME_ZONE}'`)}, ${sql.raw(`'${format}'`)})`;
  const value = query.metric === 'count' ? sql<number>`count(*)` : sql<number>`coalesce(sum(${orders.vendorAmountPaise}), 0)`;
  return db.select({ period, value }).from(orders).where(allOf(conditions)).groupBy(sql`1`);
}
