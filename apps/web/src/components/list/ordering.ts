import { formatOrdering, parseOrdering, type OrderingValue } from '@app/shared/list-ordering';

// Clicking a sortable column header: a new column sorts by it (its natural first
// direction), the current one flips, and a third click goes back to the list's default.

export interface SortState {
  field: string;
  descending: boolean;
}

/** The sort a list shows: the URL's `ordering`, else the list's default. */
export function sortState(ordering: string | null | undefined, fallback: string): SortState {
  return parseOrdering(ordering || fallback);
}

/**
 * The `ordering` after a click on `field` (null: back to the default, which the URL omits).
 * `firstDescending`: numbers and dates start with the largest/newest, names with A.
 */
export function nextOrdering(current: string | null | undefined, fallback: string, field: string, firstDescending: boolean): string | null {
  const now = sortState(current, fallback);
  let next: string;
  if (now.field !== field) next = formatOrdering(field, firstDescending);
  else if (now.descending === firstDescending) next = formatOrdering(field, !firstDescending);
  else return null;
  return next === fallback ? null : next;
}

/** The URL's `ordering` if the list sorts by it (a hand-edited URL must not become a 400). */
export function allowedOrdering<F extends string>(value: string | null | undefined, fields: readonly F[]): OrderingValue<F> | undefined {
  if (!value) return undefined;
  return (fields as readonly string[]).includes(value.replace(/^-/, '')) ? (value as OrderingValue<F>) : undefined;
}
