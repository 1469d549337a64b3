import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, isApproved } from '../../auth/guards';
import { BoundedCache, textBytes } from '../../cache/bounded-cache';
import { etagMatches } from './list-orders';

/** The route whose answers are kept: the store's 5-second poll and every other order list. */
const CACHED_ROUTE = '/orders';
const TTL_MS = 30_000;
/**
 * A poll answer counts a few KB (headers included, text at two bytes a character) up to
 * about 80 KB at limit=100: 32 MB keeps the polls of thousands of stores at once, and
 * beyond it the oldest answer just goes back to the database.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/**
 * A member polls one or two lists; 2 MB keeps every list they plausibly have open, and is
 * the most one member's distinct URLs can take (design.md section 17: a few MB).
 */
const MAX_BYTES_PER_MEMBER = 2 * 1024 * 1024;
/** Headers that belong to one response, not to the answer: set afresh on every reply. */
const PER_RESPONSE_HEADERS = new Set(['date', 'content-length', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
/**
 * What a 304 from memory carries (RFC 9110 15.4.5: what a 200 would have said about caching)
 * plus CORS, so the browser may use its stored answer across origins. The security headers
 * describe a document and stay on the stored 200; writing a dozen of them on every
 * 5-second poll was most of a 304's cost.
 */
const NOT_MODIFIED_HEADERS = new Set(['etag', 'cache-control', 'vary', 'expires']);
const keptOnNotModified = (name: string) => NOT_MODIFIED_HEADERS.has(name) || name.startsWith('access-control-');

interface CachedAnswer {
  body: Buffer;
  /** Flat [name, value, name, value, ...]: what Node writes fastest. */
  headers: string[];
  notModifiedHeaders: string[];
  etag: string;
}

export interface PollCacheStats {
  entries: number;
  /** What the kept answers count together (see cache/bounded-cache.ts). */
  bytes: number;
  maxBytes: number;
  maxBytesPerMember: number;
  bytesOfMember(memberId: number): number;
}

declare module 'fastify' {
  interface FastifyRequest {
    pollCacheKey?: string;
  }
  interface FastifyInstance {
    /** For tests: how much the poll cache holds. */
    pollCacheStats(): PollCacheStats;
  }
}

/**
 * GET /orders answered from memory while nothing its caller sees has changed: the key is
 * the caller's tenant version (features/events/tenant-versions.ts, moved by the change
 * feed), the origin and the URL, so an order event makes the next poll go to the
 * database. A hit costs no token check (the AuthCache has it), no query, no
 * serialization, and none of the later hooks: it writes the very headers the first answer
 * was sent with (CORS, helmet, the list's) straight to the socket, with a new request id.
 * Register it before helmet and CORS.
 */
export function registerPollCache(app: FastifyInstance): void {
  // Declared on every request's shape, so setting them on a hit does not change V8's hidden class.
  app.decorateRequest('answeredFromMemory', false);
  app.decorateRequest('pollCacheKey', undefined);
  const answers = new BoundedCache<string, CachedAnswer>({ maxBytes: MAX_BYTES, maxBytesPerGroup: MAX_BYTES_PER_MEMBER, ttlMs: TTL_MS });
  app.decorate('pollCacheStats', () => ({
    entries: answers.size,
    bytes: answers.bytes,
    maxBytes: MAX_BYTES,
    maxBytesPerMember: MAX_BYTES_PER_MEMBER,
    bytesOfMember: (memberId: number) => answers.groupBytes(memberId),
  }));

  // The origin is part of the key: CORS headers differ by it, and they are kept with the answer.
  const keyFor = (request: FastifyRequest, stamp: string) => `${stamp}|${request.headers.origin ?? ''}|${request.url}`;

  function lookup(request: FastifyRequest): CachedAnswer | null {
    if (request.method !== 'GET' || request.routeOptions.url !== CACHED_ROUTE) return null;
    const token = bearerToken(request);
    const cached = token ? app.authCache.get(token) : null;
    if (!cached || !isApproved(cached.auth)) return null;
    const stamp = app.live.versions.stampFor(cached.auth);
    if (stamp === null) return null;
    return answers.get(keyFor(request, stamp)) ?? null;
  }

  app.addHook('onRequest', (request, reply, done) => {
    const answer = lookup(request);
    if (!answer) return done();
    reply.hijack();
    request.answeredFromMemory = true;
    const ifNoneMatch = request.headers['if-none-match'];
    const raw = reply.raw;
    if (typeof ifNoneMatch === 'string' && etagMatches(ifNoneMatch, answer.etag)) {
      raw.writeHead(304, [...answer.notModifiedHeaders, 'x-request-id', request.id]);
      raw.end();
    } else {
      raw.writeHead(200, [...answer.headers, 'x-request-id', request.id, 'content-length', String(answer.body.length)]);
      raw.end(answer.body);
    }
  });

  // After the guard, before the handler reads: the version its answer will be filed under.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' && request.routeOptions.url === CACHED_ROUTE && request.auth) {
      const stamp = app.live.versions.stampFor(request.auth);
      if (stamp !== null) request.pollCacheKey = keyFor(request, stamp);
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const key = request.pollCacheKey;
    const etag = reply.getHeader('etag');
    if (key && request.auth && reply.statusCode === 200 && typeof payload === 'string' && typeof etag === 'string') {
      const headers: string[] = [];
      const notModifiedHeaders: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
        const text = Array.isArray(value) ? value.join(', ') : String(value);
        headers.push(name, text);
        if (keptOnNotModified(name)) notModifiedHeaders.push(name, text);
      }
      // Memory of its own: Buffer.from() would slice a small body from Buffer's shared pool
      // (64 KB here), and a kept slice keeps its whole slab alive, uncounted.
      const body = Buffer.allocUnsafeSlow(Buffer.byteLength(payload));
      body.write(payload);
      // The 304 headers are the same strings as the 200's, so counted once.
      const bytes = body.length + textBytes(key, etag, ...headers);
      answers.set(key, { body, headers, notModifiedHeaders, etag }, { bytes, group: request.auth.memberId });
    }
    done(null, payload);
  });
}
