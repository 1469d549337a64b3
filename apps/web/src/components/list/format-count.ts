import { formatIndianNumber } from '@app/shared/indian-number';

// Counts as people read them: exact below a thousand ("950"), short above ("1.2k", "12k",
// "1.2m"); an estimate (X-Total-Count-Estimated) says so with "~". Never "99+". Written by
// hand as Intl's English compact notation writes them, without making an Intl object when the
// list loads (decision 055).

const UNITS = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'm' },
  { size: 1e9, suffix: 'bn' },
  { size: 1e12, suffix: 'tn' },
] as const;

/** 1234 -> "1.2k"; 999950 rounds up to the next unit, "1m", as Intl does. */
function compact(count: number): string {
  if (count < 1000) return String(count);
  let unit = 0;
  while (unit < UNITS.length - 1 && count >= UNITS[unit + 1]!.size) unit += 1;
  let text = formatIndianNumber(count / UNITS[unit]!.size, 1);
  if (text === '1,000' && unit < UNITS.length - 1) {
    unit += 1;
    text = '1';
  }
  return `${text}${UNITS[unit]!.suffix}`;
}

export function formatCount(count: number, estimated = false): string {
  const text = compact(count);
  return estimated ? `~${text}` : text;
}
