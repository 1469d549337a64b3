import { gte, inArray, sql } from 'drizzle-orm';
import type { ChartGroup, ChartMetric } from '@app/shared/constants';
import { paiseToRupees } from '@app/shared/money';
import type { OrderStats } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { DbOrTx } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { fieldError } from '../../http/http-error';
import { IST_TIME_ZONE, istDate, istMidnight } from './india-time';
import { allOf, orderConditions, type OrderFilterValues } from './order-filters';

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
  const conditions = orderConditions(tenancyOf(auth), query);
  conditions.push(gte(orders.createdAt, since));
  if (query.metric === 'vendor_amount' && !query.status?.length) conditions.push(inArray(orders.status, ['completed']));

  const format = query.group === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const period = sql<string>`to_char(${orders.createdAt} at time zone ${sql.raw(`'${IST_TIME_ZONE}'`)}, ${sql.raw(`'${format}'`)})`;
  const value = query.metric === 'count' ? sql<number>`count(*)` : sql<number>`coalesce(sum(${orders.vendorAmountPaise}), 0)`;
  const rows = await db.select({ period, value }).from(orders).where(allOf(conditions)).groupBy(sql`1`);

  // Sums of bigint come back as text or bigint depending on the driver; they are integers either way.
  const byPeriod = new Map(rows.map((r) => [r.period, Number(r.value)]));
  return labels.map((label) => {
    const raw = byPeriod.get(label) ?? 0;
    return { period: label, value: query.metric === 'count' ? raw : paiseToRupees(raw) };
  });
}
