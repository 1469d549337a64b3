import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, isApproved } from '../../auth/guards';
import { etagMatches } from './list-orders';

/** The route whose answers are kept: the store's 5-second poll and every other order list. */
const CACHED_ROUTE = '/orders';
const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;
/** Headers that belong to one response, not to the answer: set afresh on every reply. */
const PER_RESPONSE_HEADERS = new Set(['date', 'content-length', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
/** A 304 carries no body, so none of the headers that describe one. */
const BODY_HEADERS = new Set(['content-type', 'x-total-count', 'link']);

interface CachedAnswer {
  body: Buffer;
  /** Flat [name, value, name, value, ...]: what Node writes fastest. */
  headers: string[];
  notModifiedHeaders: string[];
  etag: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    pollCacheKey?: string;
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
  const answers = new Map<string, CachedAnswer>();

  // The origin is part of the key: CORS headers differ by it, and they are kept with the answer.
  const keyFor = (request: FastifyRequest, stamp: string) => `${stamp}|${request.headers.origin ?? ''}|${request.url}`;

  function lookup(request: FastifyRequest): CachedAnswer | null {
    if (request.method !== 'GET' || request.routeOptions.url !== CACHED_ROUTE) return null;
    const token = bearerToken(request);
    const cached = token ? app.authCache.get(token) : null;
    if (!cached || !isApproved(cached.auth)) return null;
    const stamp = app.live.versions.stampFor(cached.auth);
    if (stamp === null) return null;
    const key = keyFor(request, stamp);
    const answer = answers.get(key);
    if (answer && answer.expiresAt > Date.now()) return answer;
    if (answer) answers.delete(key);
    return null;
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
    if (key && reply.statusCode === 200 && typeof payload === 'string' && typeof etag === 'string') {
      const headers: string[] = [];
      const notModifiedHeaders: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
        const text = Array.isArray(value) ? value.join(', ') : String(value);
        headers.push(name, text);
        if (!BODY_HEADERS.has(name)) notModifiedHeaders.push(name, text);
      }
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
      answers.set(key, { body: Buffer.from(payload), headers, notModifiedHeaders, etag, expiresAt: Date.now() + TTL_MS });
    }
    done(null, payload);
  });
}
