/**
 * Telling "the database cannot be reached right now" apart from every other failure: the
 * first passes by itself (a restart, a failover, a full connection table) and answers 503
 * with Retry-After (design.md section 17, "Database trouble"); the rest is a 500.
 */

/** What a 503 asks the client to wait; the pool tries a new connection on the next request anyway. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_DETAIL = 'The service cannot reach its database right now. Please try again in a few seconds.';

// Class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot
// connect now: a restart or a standby being promoted), 53300 (too many connections), and the
// deadlines every session has (decision 061): 57014 (statement timeout, or a query canceled
// by an operator) and 55P03 (lock timeout: a table or row held by someone else for longer).
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014|55P03)$/;

// 55000 (object not in prerequisite state) is the server refusing a session to a database
// that does not accept connections (ALTER DATABASE ... ALLOW_CONNECTIONS false, during
// maintenance), always a FATAL at connect. The same code also says "this statement cannot
// run now" (a bug, say currval before nextval), which stays a 500.
const NOT_ACCEPTING_CONNECTIONS = '55000';
const isRefusedSession = (e: Record<string, unknown>) =>
  e.code === NOT_ACCEPTING_CONNECTIONS && (e.severity === 'FATAL' || /accepting connections/.test(typeof e.message === 'string' ? e.message : ''));

// The socket-level failures of reaching the server: refused, reset, unreachable, not resolved.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

// node-postgres and pg-pool say these in words only, without a code: a connection dropped
// mid-query or while connecting, the pool's connectionTimeoutMillis, a client already broken.
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect$/, /is not queryable$/, /^Client network socket disconnected/];

/** The error, its causes (drizzle wraps the driver's error) and an AggregateError's parts (a host with two addresses). */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (!error || typeof error !== 'object' || depth > 5) return;
  const e = error as Record<string, unknown>;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const part of e.errors) yield* chain(part, depth + 1);
}

/** The PostgreSQL SQLSTATE of an error or one of its causes. */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    // The S3 client's failures carry $metadata: object storage down is not the database.
    if ('$metadata' in e) return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code) || isRefusedSession(e)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/**
 * An error in words for the log, with its causes. A refused connection to a host with two
 * addresses is an AggregateError whose own message is empty: its parts say what happened.
 * First lines only, quoted values hidden: drizzle puts a statement's parameters on the
 * second line, PostgreSQL quotes row values (as http/safe-error-log.ts does for `err`).
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  for (const e of chain(error)) {
    const text = typeof e.message === 'string' && e.message ? e.message : typeof e.code === 'string' ? e.code : '';
    const message = (text.split('\n')[0] ?? '').replace(/: ".*"$/, ': [hidden]');
    if (message && !parts.includes(message)) parts.push(message);
  }
  return parts.join(': ') || String(error);
}
