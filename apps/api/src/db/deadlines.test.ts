import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../config/config';
import { createTestApp, type TestContext } from '../test/test-app';
import { ALL_DAY_ORDER_SETTINGS, createWorld, ordersApi, type World } from '../features/orders/orders-test-kit';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../http/database-unavailable';
import { postgresPoolOf, withReportDeadline } from './deadlines';
import { queryRows } from './sql-rows';

describe('the deadlines\' configuration', () => {
  it('defaults to 10 s per statement, 2 s per lock wait, 120 s for exports, and keeps them in order', () => {
    expect(loadConfig({})).toMatchObject({ DB_STATEMENT_TIMEOUT_MS: 10_000, DB_LOCK_TIMEOUT_MS: 2_000, DB_EXPORT_STATEMENT_TIMEOUT_MS: 120_000 });
    expect(() => testConfig({ DB_LOCK_TIMEOUT_MS: '70000' })).toThrow(/DB_LOCK_TIMEOUT_MS <= DB_STATEMENT_TIMEOUT_MS/);
    expect(() => testConfig({ DB_EXPORT_STATEMENT_TIMEOUT_MS: '50000' })).toThrow(/DB_STATEMENT_TIMEOUT_MS <= DB_EXPORT_STATEMENT_TIMEOUT_MS/);
    expect(() => testConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});

// design.md section 23, "Every query has a deadline" (decision 061). Only a server has other
// sessions to hold a lock, and only a server runs statement_timeout (PGlite ignores it).
describe.runIf(process.env.TEST_DATABASE_URL)('deadlines of the API\'s PostgreSQL sessions', () => {
  const LOCK_TIMEOUT_MS = 300;
  const STATEMENT_TIMEOUT_MS = 1_500;
  let ctx: TestContext;
  let world: World;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestApp('postgres', {
      config: { DB_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS), DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS), DB_EXPORT_STATEMENT_TIMEOUT_MS: '5000' },
    });
    world = await createWorld(ctx);
    url = postgresPoolOf(ctx.db)!.options.connectionString!;
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** A plain connection of its own to the test's database, as an operator's psql would be. */
  async function otherSession(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  }

  /** What PostgreSQL itself throws: the classifier is judged on the server's real errors. */
  async function serverError(run: (client: pg.Client) => Promise<unknown>): Promise<unknown> {
    const client = await otherSession();
    try {
      await run(client);
      throw new Error('expected the server to refuse');
    } catch (error) {
      return error;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
    expect(res.headers['retry-after'], what).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  };

  it('starts every pooled session with the configured statement and lock timeouts', async () => {
    const rows = await queryRows<{ st: string; lt: string }>(ctx.db, sql`select current_setting('statement_timeout') as st, current_setting('lock_timeout') as lt`);
    expect(rows[0]).toEqual({ st: `${STATEMENT_TIMEOUT_MS}ms`, lt: `${LOCK_TIMEOUT_MS}ms` });
  });

  it('answers 503 with Retry-After within the lock timeout while orders is locked; other routes keep answering', async () => {
    const api = ordersApi(ctx);
    const order = (await api.create(world.store, { details: [{ material_id: world.materialIds[0]! }] })).json() as { id: number };
    const holder = await otherSession();
    try {
      await holder.query('begin');
      await holder.query('lock table orders in access exclusive mode');
      const started = Date.now();
      // More requests on orders than the pool has connections (20 in tests): the ones that
      // wait for a connection get one when the first wave's lock waits end.
      const onOrders = Promise.all([
        ...Array.from({ length: 24 }, () => api.get(world.store, order.id).then((res) => ({ res, ms: Date.now() - started }))),
        api.create(world.store, { details: [{ material_id: world.materialIds[0]! }] }).then((res) => ({ res, ms: Date.now() - started })),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const materials = await ctx.app.inject({ method: 'GET', url: '/materials', headers: world.admin.headers });
      const materialsMs = Date.now() - started;
      expect(materials.statusCode, materials.body).toBe(200);
      const answers = await onOrders;
      for (const { res } of answers) expectUnavailable(res, 'a request on the locked orders');
      // Two lock waits at most (one wave per pool's worth of connections), never the hold.
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(LOCK_TIMEOUT_MS * 2 + 1_500);
      expect(materialsMs).toBeLessThan(LOCK_TIMEOUT_MS * 2 + 1_500);
      // Still held: a later request on orders fails as fast, /materials still answers.
      expectUnavailable(await api.get(world.store, order.id), 'while the lock is still held');
      expect((await ctx.app.inject({ method: 'GET', url: '/materials', headers: world.store.headers })).statusCode).toBe(200);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await api.get(world.store, order.id)).statusCode).toBe(200);
    const created = await api.create(world.store, { details: [{ material_id: world.materialIds[0]! }] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await api.list(world.admin)).statusCode).toBe(200);
  }, 60_000);

  it('counts PostgreSQL\'s own timeouts and refusals as unavailable, not its other errors', async () => {
    const statementTimeout = await serverError(async (c) => {
      await c.query('set statement_timeout = 50');
      await c.query('select pg_sleep(1)');
    });
    expect(statementTimeout).toMatchObject({ code: '57014' });
    const holder = await otherSession();
    try {
      await holder.query('begin');
      await holder.query('lock table materials in access exclusive mode');
      const lockTimeout = await serverError(async (c) => {
        await c.query('set lock_timeout = 50');
        await c.query('select count(*) from materials');
      });
      expect(lockTimeout).toMatchObject({ code: '55P03' });
      expect(isDatabaseUnavailable(lockTimeout)).toBe(true);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(isDatabaseUnavailable(statementTimeout)).toBe(true);
    // The same SQLSTATE 55000 as a refused session, but a statement that cannot run: a bug, a 500.
    const currval = await serverError((c) => c.query('select currval(\'orders_id_seq\')'));
    expect(currval).toMatchObject({ code: '55000' });
    expect(isDatabaseUnavailable(currval)).toBe(false);
    const syntax = await serverError((c) => c.query('selec 1'));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
  });

  it('answers 503 while the database refuses new sessions (55000), writes too, and recovers', async () => {
    const name = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      // The pool notices its terminated connections; every request then needs a new session.
      for (let i = 0; i < 50 && (ctx.handle.poolStats!().total > 0); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ctx.handle.poolStats!().total).toBe(0);
      const refusal = await new pg.Client({ connectionString: url }).connect().then(() => null, (error: unknown) => error);
      expect(refusal).toMatchObject({ code: '55000' });
      expectUnavailable(await ctx.app.inject({ method: 'GET', url: '/materials', headers: world.admin.headers }), 'a read');
      expectUnavailable(await ctx.app.inject({ method: 'PUT', url: '/settings/order', headers: world.admin.headers, payload: ALL_DAY_ORDER_SETTINGS }), 'a write');
      expectUnavailable(await ordersApi(ctx).create(world.store, { details: [{ material_id: world.materialIds[0]! }] }), 'an order');
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/materials', headers: world.admin.headers })).statusCode).toBe(200);
    const created = await ordersApi(ctx).create(world.store, { details: [{ material_id: world.materialIds[0]! }] });
    expect(created.statusCode, created.body).toBe(201);
  }, 30_000);

  it('gives exports and reports their own longer statement timeout, for their transaction only', async () => {
    const sleep = sql`select pg_sleep(${(STATEMENT_TIMEOUT_MS * 1.5) / 1000})`;
    await expect(ctx.db.execute(sleep)).rejects.toSatisfy(isDatabaseUnavailable);
    await withReportDeadline(ctx.db, 5_000, (db) => db.execute(sleep));
    // Back in the pool, every connection has the session's own deadline again.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () => ctx.db.execute(sql`select current_setting('statement_timeout') as st`) as unknown as Promise<{ rows: Array<{ st: string }> }>),
    );
    expect(settings.map((s) => s.rows[0]!.st)).toEqual(Array(5).fill(`${STATEMENT_TIMEOUT_MS}ms`));
  }, 30_000);
});
