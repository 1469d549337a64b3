import dayjs from 'dayjs';
import { CHART_RANGE_OPTIONS, type ChartGroup } from '@app/shared/constants';

export type ChartRangeKey = (typeof CHART_RANGE_OPTIONS)[number]['key'];

/** The first bucket of a range: the start of the month 11, 5 or 2 months back, or 29 days back. */
export function rangeStart(key: ChartRangeKey, now = dayjs()): { since: string; group: ChartGroup } {
  const option = CHART_RANGE_OPTIONS.find((o) => o.key === key) ?? CHART_RANGE_OPTIONS[0];
  const start = option.months !== null ? now.startOf('month').subtract(option.months - 1, 'month') : now.startOf('day').subtract((option.days ?? 30) - 1, 'day');
  return { since: start.toISOString(), group: option.group };
}

/** The start of the current month (KPIs "this month"). */
export function monthStart(now = dayjs()): string {
  return now.startOf('month').toISOString();
}
