import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';

export type Database = PgDatabase<PgQueryResultHKT>;
/** What a transaction callback receives; it has the query API of Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the migrations, then runs `then` (the start's seeding) while still holding the
   * start-up lock: processes starting together take turns, so exactly one migrates and seeds.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's use now (PostgreSQL only: PGlite is one embedded connection). */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: a pool too small for the load. */
  waiting: number;
  max: number;
}

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

// Postgres returns bigint (int8) as text by default; every bigint here is paise, grams or an id well below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * How long a query waits for a connection, new or pooled, before it fails (and the request
 * answers 503 with Retry-After, http/database-unavailable.ts). Without it pg waits forever:
 * a server that accepts but never answers (a failover in progress, a dropped route) or a
 * pool whose connections are all busy would hold every request until the client gives up.
 * 5 s is far above a healthy connect (milliseconds) or a wait for a busy pool under load,
 * and well below what a person or a load balancer's health check waits.
 */
const CONNECTION_TIMEOUT_MS = 5_000;

/**
 * The statement and lock timeouts every session of the pool starts with (design.md section
 * 23, decision 061). A query waiting on a lock then fails fast (55P03, a 503 with
 * Retry-After) instead of holding its pooled connection while other routes queue behind it.
 */
export interface SessionDeadlines {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
}

export interface PostgresOptions {
  max?: number;
  connectionTimeoutMillis?: number;
  /** Unset: the server's own settings (the API's start always sets them, openDatabase). */
  deadlines?: SessionDeadlines | undefined;
}

export function openPostgres(url: string, { max = 10, connectionTimeoutMillis = CONNECTION_TIMEOUT_MS, deadlines }: PostgresOptions = {}): DatabaseHandle {
  // keepAlive: an idle pooled connection whose server vanished is found out by the OS
  // rather than by the next query that waits on it. The timeouts go in the start-up packet
  // (node-postgres' statement_timeout and lock_timeout), so each new session has them before
  // its first query, with no extra round trip and nothing a pooled client could lose.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis,
    keepAlive: true,
    ...(deadlines ? { statement_timeout: deadlines.statementTimeoutMs, lock_timeout: deadlines.lockTimeoutMs } : {}),
  });
  // An idle client whose server connection drops (restart, failover, a dropped test
  // database) must not crash the process; the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(JSON.stringify({ level: 40, msg: 'idle database connection lost', err: error.message })));
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: (then) => migrateUnderLock(pool, then),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

// Any fixed number: every process of this application asks for the same lock.
const MIGRATION_LOCK_ID = 4_201_777_001;

/**
 * Several processes starting at once on one fresh database would all run the migrations
 * and all but one crash on `CREATE TABLE`. A session advisory lock on one connection lets
 * one process migrate while the others wait; each then finds nothing left to do.
 */
async function migrateUnderLock(pool: pg.Pool, then?: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may build an index for minutes, and the next process waits on the lock for
    // as long as the first migrates and seeds: no deadline on this session. It is discarded
    // after, so the pool never hands it out without its timeouts.
    await client.query('set statement_timeout = 0');
    await client.query('set lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await then?.();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release(true);
  }
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // PGlite is one process's embedded database: nobody else can start on it.
    migrate: async (then) => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await then?.();
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  return wrapPglite(client);
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pglite. */
export async function openDatabase(config: { DATABASE_URL?: string | undefined; dataDir: string; DB_STATEMENT_TIMEOUT_MS: number; DB_LOCK_TIMEOUT_MS: number }): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, { deadlines: deadlinesOf(config) });
  const dir = path.join(config.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}

/**
 * The configured timeouts. PGlite gets none: it ignores statement_timeout (no timer signals
 * in WebAssembly), and its one connection has no other session to wait on for a lock.
 */
export function deadlinesOf(config: { DB_STATEMENT_TIMEOUT_MS: number; DB_LOCK_TIMEOUT_MS: number }): SessionDeadlines {
  return { statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS, lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS };
}
