import { cursorOfLink, LIST_HEADERS } from '@app/shared/link-header';
import { api, type QueryValue } from '@/lib/api-client';

// One page of any list (design.md sections 4 and 13): the rows, X-Total-Count (an
// estimate above 10,000 rows when X-Total-Count-Estimated says so) and the next cursor.

export interface Page<T> {
  items: T[];
  total: number | null;
  /** True when `total` is the server's estimate, not an exact count. */
  estimated: boolean;
  nextCursor: string | null;
}

/**
 * Only the parameters that carry a value. The client's query builder keeps `*_gt` keys
 * even when empty (the spec's helper does), and the lists refuse nothing they know, but a
 * stray `created_at__gt=` would still split the cache and clutter every URL.
 */
export function wireQuery(query: Record<string, QueryValue>): Record<string, QueryValue> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)));
}

export async function getPage<T>(path: string, query: Record<string, QueryValue>, signal?: AbortSignal): Promise<Page<T>> {
  const response = await api.request<T[]>(path, { query: wireQuery(query), signal });
  const total = response.headers.get(LIST_HEADERS.totalCount);
  return {
    items: response.data ?? [],
    total: total === null ? null : Number(total),
    estimated: response.headers.get(LIST_HEADERS.totalCountEstimated) === 'true',
    nextCursor: cursorOfLink(response.headers.get(LIST_HEADERS.link)),
  };
}

/** Every page of a list, one after another (an export, a table that scrolls freely); `total` as the first page said. */
export async function getAllPages<T>(path: string, query: Record<string, QueryValue>, limit: number, signal?: AbortSignal): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const page: Page<T> = await getPage<T>(path, { ...query, limit, cursor }, signal);
    rows.push(...page.items);
    total ??= page.total;
    cursor = page.nextCursor;
  } while (cursor);
  return { rows, total: total ?? rows.length };
}

/** The paging options of a cursor-paged infinite query. */
export const cursorPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
};
