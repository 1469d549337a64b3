import { DATE_FILTER_OPTIONS, type DateFilterKey } from '@app/shared/constants';
import { istDay } from '@app/shared/india-time';

// The spec's date filters (1 Month, 3 Months, 6 Months, All) as a `created_at__gt` date.
// The URL holds the date itself, not "1 month": a link or a saved view shows the same
// orders whoever opens it and whenever (decision 021). Days are India's (its fixed offset,
// no Intl: decision 055).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first day a preset covers (`YYYY-MM-DD`), or null for "All". */
export function presetSince(key: DateFilterKey, now: Date = new Date()): string | null {
  const option = DATE_FILTER_OPTIONS.find((o) => o.key === key);
  if (!option || option.days === null) return null;
  return istDay(new Date(now.getTime() - option.days * DAY_MS));
}

/** Which preset a `created_at__gt` is (null: a date no preset gives today). */
export function presetOf(since: string | null, now: Date = new Date()): DateFilterKey | null {
  if (!since) return 'all';
  return DATE_FILTER_OPTIONS.find((o) => presetSince(o.key, now) === since)?.key ?? null;
}
