import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { monthStart, rangeStart } from './chart-range';

describe('chart ranges', () => {
  const now = dayjs('2026-11-22T10:00:00');

  it('starts 12, 6 or 3 months back at the start of a month, grouped by month', () => {
    expect(dayjs(rangeStart('12m', now).since).format('YYYY-MM-DD')).toBe('2025-12-01');
    expect(dayjs(rangeStart('6m', now).since).format('YYYY-MM-DD')).toBe('2026-06-01');
    expect(dayjs(rangeStart('3m', now).since).format('YYYY-MM-DD')).toBe('2026-09-01');
    expect(rangeStart('3m', now).group).toBe('month');
  });

  it('covers the last 30 days, grouped by day', () => {
    const { since, group } = rangeStart('30d', now);
    expect(dayjs(since).format('YYYY-MM-DD')).toBe('2026-10-24');
    expect(group).toBe('day');
  });

  it('starts this month on its first day', () => {
    expect(dayjs(monthStart(now)).format('YYYY-MM-DD')).toBe('2026-11-01');
  });
});
