import { istDay } from '@app/shared/india-time';

// Statement and report periods are calendar days in India time (design.md section 10),
// whatever the viewer's clock says.

export interface DateRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'financialYear', 'lastFinancialYear'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Today in India as YYYY-MM-DD (India's fixed offset, no Intl: decision 055). */
export function indiaToday(now: Date = new Date()): string {
  return istDay(now);
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period a preset names, as of `now`; the current period ends today. */
export function presetRange(preset: RangePreset, now: Date = new Date()): DateRange {
  const today = indiaToday(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  // The financial year runs April to March.
  const fyStart = month >= 4 ? year : year - 1;
  switch (preset) {
    case 'thisMonth':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'lastMonth': {
      const y = month === 1 ? year - 1 : year;
      const m = month === 1 ? 12 : month - 1;
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` };
    }
    case 'financialYear':
      return { from: `${fyStart}-04-01`, to: today };
    case 'lastFinancialYear':
      return { from: `${fyStart - 1}-04-01`, to: `${fyStart}-03-31` };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD that names a real day, else null (a hand-edited URL). */
export function validDate(value: string | null | undefined): string | null {
  if (!value || !DATE.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}
