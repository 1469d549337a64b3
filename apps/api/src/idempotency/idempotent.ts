import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/constants';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENT_REPLAYED_HEADER } from '@app/shared/schemas/money';
import { authOf } from '../auth/guards';
import type { Database } from '../db/database';
import { conflict, errorBody, fieldError, HttpError, transientConflict } from '../http/http-error';
import { claimKey, findKey, keyExists, releaseClaim, storeAnswer, takeOverClaim, type KeyOwner, type KeyRow } from './idempotency-repository';

/**
 * design.md section 15: a request with an `Idempotency-Key` is done once per member and
 * key; a repeat gets the first answer again. How it holds across API processes, and what
 * a crash costs, is told at `idempotent` below.
 */

/** How long a repeat waits for the first request to finish, how often it looks, and when a claim counts as abandoned. */
export const claimTiming = {
  waitMs: 10_000,
  pollMs: 100,
  // Far above any request's work (REQUEST_TIMEOUT_S bounds receiving a request, 60 s by default).
  staleSeconds: 120,
};

/**
 * Keys one member keeps (design.md section 23): a new key drops the member's oldest beyond
 * this many, so no member grows the table past it whatever the 48-hour pruning has not yet
 * removed. A client retries a request within minutes; 200 is far more keys than one device
 * has in flight, and small enough that 200 x members stays a small table.
 */
export const keyLimits = { perMember: 200 };

/** Answers that say "not now" rather than "no": a retry must run the work again. */
const TRANSIENT_STATUSES = new Set([401, 408, 429]);
const RETRY_AFTER_SECONDS = 1;

export interface Answer {
  status: number;
  body: unknown;
}

/** What each route that takes the header says of it (OpenAPI). */
export const IDEMPOTENCY_DESCRIPTION = `An \`Idempotency-Key\` header (1 to ${IDEMPOTENCY_KEY_MAX} characters) makes a retry safe: a repeat with the same key, path and body gets the first answer again (with \`Idempotent-Replayed: true\`) and does nothing again; the same key with another path or body is 409. Answers are kept at least 24 hours, for each member's ${keyLimits.perMember} most recent keys (an older key is forgotten first).`;

/** The header as each of these routes documents it (OpenAPI). */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .optional()
    .describe(`1 to ${IDEMPOTENCY_KEY_MAX} characters: a repeat with the same key gets the first answer again`),
});

/** The request's key, null without one; 400 naming the header when it is empty or too long. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw fieldError(IDEMPOTENCY_KEY_HEADER, `An Idempotency-Key has 1 to ${IDEMPOTENCY_KEY_MAX} characters`);
  }
  return key;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** JSON with every object's keys sorted: equal bodies hash alike whatever order the client wrote them in. */
export function canonicalJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      return Object.fromEntries(Object.keys(record).sort().map((k) => [k, sorted(record[k])]));
    }
    return v;
  };
  return JSON.stringify(sorted(value)) ?? 'null';
}

/** What a key is used for: method, route pattern and path params, e.g. `PATCH /orders/accepted/42` (a trailing slash or a leading zero makes no other request). */
export function routeOf(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const pattern = request.routeOptions.url ?? request.url.split('?')[0]!;
  return `${request.method} ${pattern.replace(/:(\w+)/g, (_, name: string) => String(params[name]))}`;
}

/**
 * Whether this member already used the request's key. A route whose pre-checks read the
 * current state (an order's transition) skips them for a repeat, which is answered from
 * the record whatever the order became since.
 */
export async function usedKey(db: Database, request: FastifyRequest): Promise<boolean> {
  const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
  return key !== null && (await keyExists(db, { memberId: authOf(request).memberId, key }));
}

function keeps(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && !TRANSIENT_STATUSES.has(status));
}

function assertSameRequest(row: KeyRow, route: string, requestHash: string): void {
  if (row.route !== route) throw conflict(`This Idempotency-Key was used for ${row.route}; use a new key for ${route}`);
  if (row.requestHash !== requestHash) throw conflict(`This Idempotency-Key was used for ${route} with another body; use a new key for a new request`);
}

/**
 * Runs `work` once per member and Idempotency-Key and answers with its answer; without a
 * key it simply runs it. `bodyHash` says what the request carries (default: the parsed
 * JSON body, canonical).
 *
 * The first request claims the key with INSERT ... ON CONFLICT DO NOTHING (state
 * `running`), works, and stores its answer (`done`): 2xx and 4xx, except 401, 408, 429
 * and refusals marked transient; after any other error the claim is deleted so a retry
 * runs the work again. A repeat with the same route and body gets the stored answer and
 * `Idempotent-Replayed: true`; another route or body is 409. A repeat that finds the
 * claim running polls it for up to `claimTiming.waitMs`, then answers 409 with
 * Retry-After. The claim and the work are not one transaction: if a process dies after
 * the work committed and before the answer is stored, the claim stays `running`, and
 * after `claimTiming.staleSeconds` a repeat takes it over and does the work a second
 * time. The claim token keeps the late first request from overwriting the taker's answer.
 */
export async function idempotent(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { bodyHash?: string },
  work: () => Promise<Answer>,
): Promise<FastifyReply> {
  const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (key === null) return send(reply, await work());
  const owner: KeyOwner = { memberId: authOf(request).memberId, key };
  const route = routeOf(request);
  // No body (a transition without payload) and an empty object ask for the same.
  const requestHash = options.bodyHash ?? sha256(canonicalJson(request.body ?? {}));
  const deadline = Date.now() + claimTiming.waitMs;

  const run = async (claimToken: string): Promise<FastifyReply> => {
    const settle = async (answer: Answer | null) => {
      try {
        if (answer) {
          if (!(await storeAnswer(db, owner, claimToken, { statusCode: answer.status, body: answer.body }))) {
            request.log.warn({ route }, 'idempotency claim was taken over before its answer was stored');
          }
        } else {
          await releaseClaim(db, owner, claimToken);
        }
      } catch (error) {
        // The work's own answer still goes out; the claim stays running until it is stale.
        request.log.error({ err: error, route }, 'could not settle an idempotency claim');
      }
    };
    let answer: Answer;
    try {
      answer = await work();
    } catch (error) {
      const kept = error instanceof HttpError && !error.transient && keeps(error.statusCode);
      await settle(kept ? { status: error.statusCode, body: errorBody(error) } : null);
      throw error;
    }
    await settle(keeps(answer.status) ? answer : null);
    return send(reply, answer);
  };

  for (;;) {
    const claimToken = randomUUID();
    if (await claimKey(db, owner, { route, requestHash, claimToken }, keyLimits.perMember)) return run(claimToken);
    const row = await findKey(db, owner, claimTiming.staleSeconds);
    if (row) {
      assertSameRequest(row, route, requestHash);
      if (row.state === 'done') {
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return send(reply, { status: row.statusCode!, body: row.body });
      }
      if (row.stale && (await takeOverClaim(db, owner, row.claimToken, claimToken, claimTiming.staleSeconds))) return run(claimToken);
    }
    // Running elsewhere (or given up a moment ago: then the next claim succeeds).
    if (Date.now() >= deadline) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw transientConflict('A request with this Idempotency-Key is still in progress; retry in a moment');
    }
    if (row) await sleep(claimTiming.pollMs);
  }
}

function send(reply: FastifyReply, answer: Answer): FastifyReply {
  return reply.code(answer.status).send(answer.body);
}
