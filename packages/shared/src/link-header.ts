// The headers of a paged list (design.md section 4) and reading its Link header. No zod
// here: the web app's API client imports this on /login.

export const LIST_HEADERS = {
  totalCount: 'x-total-count',
  link: 'link',
  etag: 'etag',
  ifNoneMatch: 'if-none-match',
  /** `true` when X-Total-Count is an estimate (above schemas/list.ts' EXACT_COUNT_LIMIT matching rows). */
  totalCountEstimated: 'x-total-count-estimated',
} as const;


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
