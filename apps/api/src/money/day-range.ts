import { istDay } from './invoices/financial-year';
import { istMidnight } from '@app/shared/india-time';

export interface DayRange {
  /** The first day, YYYY-MM-DD; null: from the beginning. */
  from: string | null;
  /** The last day, inclusive. */
  to: string;
  /** Instants: [start, end). */
  start: Date | null;
  end: Date;
}

function midnightOf(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return istMidnight(y, m - 1, d + plusDays);
}

/** India-time days [from, to], both inclusive; `to` defaults to today (India time). */
export function dayRange(from: string | undefined, to: string | undefined, now = new Date()): DayRange {
  const last = to ?? istDay(now);
  return { from: from ?? null, to: last, start: from ? midnightOf(from) : null, end: midnightOf(last, 1) };
}
