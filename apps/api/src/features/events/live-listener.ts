import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/database';
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
}

export interface LiveListener {
  close(): Promise<void>;
}

/**
 * PostgreSQL: LISTEN on one dedicated connection (a pooled one would be handed to other
 * queries), reconnecting with backoff. NOTIFY arrives when the writing transaction
 * commits, in any API process.
 */
function listenPostgres(connection: pg.ClientConfig, handlers: LiveListenerHandlers, log: FastifyBaseLogger): LiveListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...connection, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === AUTH_CHANNEL) return handlers.authChanged();
      const event = message.payload ? parseLiveEvent(message.payload) : null;
      if (event) handlers.event(event);
    });
    next.on('error', (error) => {
      log.warn({ err: error.message }, 'change feed connection lost; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      handlers.reset();
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${AUTH_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = 250;
      // Anything committed while no connection listened was missed: start from scratch.
      handlers.reset();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'change feed could not LISTEN; retrying');
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
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
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
