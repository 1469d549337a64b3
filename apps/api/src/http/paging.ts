import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_HEADERS } from '@app/shared/link-header';
import { CURSOR_MESSAGE } from '@app/shared/schemas/list';
import { fieldError } from './http-error';

// The list convention of design.md section 4, for every newest-first list keyed by id:
// fetch `limit + 1` rows below the cursor (keyset, never OFFSET, so a page costs the same
// wherever it is and rows added meanwhile never shift a page), then answer the page with
// X-Total-Count, Link rel="next" and a weak ETag.

/**
 * The id every row of the requested page lies below; null for the first page. The list's
 * query schema (idCursorSchema) has bounded it by the id's column already.
 */
export function cursorId(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  // Sorted lists' cursors are base64url; this list's are plain ids.
  const id = /^\d{1,16}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw fieldError('cursor', CURSOR_MESSAGE);
  return id;
}

export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Cuts rows fetched with `limit + 1` into the page and the cursor of the page after it. */
export function pageOf<T>(rows: T[], limit: number, idOf: (row: T) => number): Page<T> {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: last === undefined ? null : String(idOf(last)) };
}

/** This request's URL with another cursor: the client follows it as it is. */
function nextUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('cursor', cursor);
  return url.toString();
}

export function setListHeaders(request: FastifyRequest, reply: FastifyReply, total: number, nextCursor: string | null, estimated = false): void {
  reply.header(LIST_HEADERS.totalCount, String(total));
  if (estimated) reply.header(LIST_HEADERS.totalCountEstimated, 'true');
  if (nextCursor !== null) reply.header(LIST_HEADERS.link, `<${nextUrl(request, nextCursor)}>; rel="next"`);
}

function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim());
  // Weak comparison (RFC 9110 8.8.3.2): W/"x" and "x" match.
  const bare = etag.replace(/^W\//, '');
  return values.some((v) => v === '*' || v.replace(/^W\//, '') === bare);
}

/**
 * onSend hook of list routes: tags a 200 answer with a weak ETag of its body and paging
 * headers, and answers 304 with no body when the client already holds it, so polling a
 * list costs one query and no transfer.
 */
export async function listEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const hash = createHash('sha1')
    .update(payload)
    .update('\0')
    .update(String(reply.getHeader(LIST_HEADERS.totalCount) ?? ''))
    .update('\0')
    .update(String(reply.getHeader(LIST_HEADERS.link) ?? ''))
    .digest('base64url');
  const etag = `W/"${hash}"`;
  reply.header(LIST_HEADERS.etag, etag);
  if (etagMatches(request.headers[LIST_HEADERS.ifNoneMatch], etag)) {
    reply.code(304);
    return '';
  }
  return payload;
}
