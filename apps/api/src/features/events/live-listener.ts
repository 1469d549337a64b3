import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/database';
import { describeError } from '../../http/database-unavailable';
import { parseLiveEvent, type LiveEvent } from './live-event';

/** Channels the migration's triggers NOTIFY on. */
export const LIVE_CHANNEL = 'kabadi_live';
export const AUTH_CHANNEL = 'kabadi_auth';

export interface LiveListenerHandlers {
  event(event: LiveEvent): void;
  /** A member, store or driver record changed: cached sign-in checks are stale. */
  authChanged(): void;
  /** The connection was lost (or came back): whatever was missed meanwhile is unknown. */
  reset(): void;
  /**
   * LISTEN works (again). Events committed since `heardUntil` (the database's clock when
   * the lost connection last proved it had delivered everything) may never have been
   * heard; null on the first connection, when there was nothing before to miss.
   */
  resumed(heardUntil: Date | null): void;
}

export interface LiveListener {
  /** Settles once the first LISTEN works: a process that serves before it would miss what is committed meanwhile. */
  listening: Promise<void>;
  close(): Promise<void>;
}

/**
 * How often the LISTEN connection proves it is alive. A connection lost without a TCP
 * error (a dropped route, a frozen server) would otherwise look open for many minutes
 * while every NOTIFY goes nowhere; each answer also moves `heardUntil` forward, which
 * keeps the catch-up after a loss short.
 */
const PING_EVERY_MS = 15_000;
const PING_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL: LISTEN on one dedicated connection (a pooled one would be handed to other
 * queries), reconnecting with backoff. NOTIFY arrives when the writing transaction
 * commits, in any API process; what was committed while no connection listened is
 * replayed by the handler of `resumed` (live-delivery.ts).
 */
function listenPostgres(connection: pg.ClientConfig, handlers: LiveListenerHandlers, log: FastifyBaseLogger): LiveListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;
  /** The database's clock at the current connection's last answer; a catch-up after a loss reads from a margin before it. */
  let heardUntil: Date | null = null;
  let markListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  const lost = (lostClient: pg.Client, error: unknown) => {
    // Each loss is handled once: a failed ping, then the error and end events of the same connection.
    if (client !== lostClient) return;
    client = null;
    if (pinger) clearInterval(pinger);
    pinger = null;
    log.warn({ err: error, reason: describeError(error) }, 'change feed connection lost; reconnecting');
    void lostClient.end().catch(() => undefined);
    handlers.reset();
    schedule();
  };

  const ping = async (pinged: pg.Client) => {
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`the change feed connection did not answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([pinged.query<{ at: Date }>('select clock_timestamp() as at'), late]);
      if (client === pinged) heardUntil = result.rows[0]?.at ?? heardUntil;
    } catch (error) {
      lost(pinged, error);
    } finally {
      clearTimeout(timeout);
    }
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...connection, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL) return handlers.authChanged();
      const event = message.payload ? parseLiveEvent(message.payload) : null;
      if (event) handlers.event(event);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the change feed connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${AUTH_CHANNEL}`);
      // From here on every commit is heard: the catch-up reads what came before.
      const clock = await next.query<{ at: Date }>('select clock_timestamp() as at');
      if (closed) {
        await next.end();
        return;
      }
      const missedSince = heardUntil;
      client = next;
      heardUntil = clock.rows[0]?.at ?? new Date();
      retryMs = 250;
      pinger = setInterval(() => void ping(next), PING_EVERY_MS);
      pinger.unref();
      // Anything committed while no connection listened was missed: start from scratch.
      handlers.reset();
      handlers.resumed(missedSince);
      markListening();
    } catch (error) {
      log.warn({ err: error, reason: describeError(error) }, 'change feed could not LISTEN; retrying');
      void next.end().catch(() => undefined);
      schedule();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };
  void connect();
  return {
    listening,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (pinger) clearInterval(pinger);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}

/** PGlite: one process, one connection; its LISTEN delivers the same NOTIFY in process. */
function listenPglite(pglite: PGlite, handlers: LiveListenerHandlers): LiveListener {
  const unsubscribes: Array<Promise<() => Promise<void>>> = [
    pglite.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event) handlers.event(event);
    }),
    pglite.listen(AUTH_CHANNEL, () => handlers.authChanged()),
  ];
  return {
    listening: Promise.all(unsubscribes).then(
      () => undefined,
      () => undefined,
    ),
    async close() {
      for (const unsubscribe of unsubscribes) {
        // A closed PGlite cannot UNLISTEN; nothing is left to stop then.
        await unsubscribe.then((stop) => stop()).catch(() => undefined);
      }
    },
  };
}

/** drizzle keeps its driver client as `$client`: a pg.Pool or the PGlite instance. */
export function startLiveListener(db: Database, kind: DatabaseHandle['kind'], handlers: LiveListenerHandlers, log: FastifyBaseLogger): LiveListener {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'pglite') return listenPglite(client as PGlite, handlers);
  // The pool's own settings (pg-pool keeps them as `options`): the same server and database.
  const { max: _max, idleTimeoutMillis: _idle, ...connection } = (client as unknown as { options: pg.PoolConfig }).options;
  return listenPostgres(connection, handlers, log);
}
