import { z } from 'zod';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT } from '../constants';

// The paging contract of every list (design.md section 4): a JSON array, newest first,
// `limit` and `cursor` in, `X-Total-Count`, `Link: <...>; rel="next"` and `ETag` out.

export const LIST_HEADERS = {
  totalCount: 'x-total-count',
  link: 'link',
  etag: 'etag',
  ifNoneMatch: 'if-none-match',
} as const;

/** Query strings carry text; an empty value means "not given" (the web app's builder skips them anyway). */
export const emptyToUndefined = (value: unknown): unknown => (value === '' ? undefined : value);

export const listLimitSchema = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIST_MAX_LIMIT, `limit may be at most ${LIST_MAX_LIMIT}`)
    .default(LIST_DEFAULT_LIMIT),
);

/** Opaque to clients: copy it from the `Link: rel="next"` header of the previous page. */
export const listCursorSchema = z.preprocess(
  emptyToUndefined,
  z.string().regex(/^\d{1,15}$/, 'Use the cursor of the previous page\'s Link header').optional(),
);

export const listPageQuerySchema = z.object({ limit: listLimitSchema, cursor: listCursorSchema });
export type ListPageQuery = z.input<typeof listPageQuerySchema>;

/** The URL of `rel="next"` in a Link header, or null on the last page. */
export function parseNextLink(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}

/** The `cursor` query parameter of a next-page URL, for clients that keep their own URL. */
export function cursorOfLink(header: string | null | undefined): string | null {
  const next = parseNextLink(header);
  if (!next) return null;
  return new URL(next, 'http://x.invalid').searchParams.get('cursor');
}
