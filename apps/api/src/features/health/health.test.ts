import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { startProxiedProcess } from '../../test/proxied-process';
import { TEST_DB_KINDS } from '../../test/test-database';
import { LATEST_MIGRATION } from './schema-status';

// design.md section 17: /healthz is 503 when the database does not answer, and when its
// schema is behind the code's migrations.

describe.each(TEST_DB_KINDS)('/healthz on %s', (kind) => {
  const opened: TestContext[] = [];
  const open = async () => {
    const ctx = await createTestApp(kind);
    opened.push(ctx);
    return ctx;
  };
  afterAll(async () => {
    for (const ctx of opened) await ctx.close();
  });

  it('answers 200 on a database with every migration', async () => {
    const ctx = await open();
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers 503 naming the migrations when the schema is behind the code, until it is not', async () => {
    // A database of its own: the app has not yet found its schema current (that answer is kept 30 s).
    const ctx = await open();
    const newest = (await ctx.db.execute(sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
      rows: Array<{ id: number; hash: string; created_at: string }>;
    };
    const row = newest.rows[0]!;
    expect(Number(row.created_at)).toBe(LATEST_MIGRATION.when);
    await ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);

    const behind = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().detail).toMatch(/^The database schema is behind this version: its newest migration is 0\d{3}_\w+, the code needs /);
    expect(behind.json().detail).toContain(LATEST_MIGRATION.tag);

    await ctx.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`);
    const never = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(never.statusCode).toBe(503);
    expect(never.json().detail).toMatch(/it has no migrations applied/);

    await ctx.db.execute(sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`);
    await ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${Number(row.created_at)})`);
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('/healthz while PostgreSQL cannot be reached', () => {
  let ctx: TestContext;
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });
  afterAll(async () => ctx?.close());

  it('answers 503 with Retry-After while connections are refused, and 200 once they are not', async () => {
    ctx = await createTestApp('postgres');
    const proxied = await startProxiedProcess(ctx);
    closing.push(proxied.close);
    const healthz = () => proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect((await healthz()).statusCode).toBe(200);

    await proxied.proxy.set('down');
    const down = await healthz();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ detail: 'The database does not answer' });

    await proxied.proxy.set('up');
    expect((await healthz()).statusCode).toBe(200);
  });

  it('answers 503 within 3 s when the server accepts connections but never answers', async () => {
    ctx ??= await createTestApp('postgres');
    // The pool's own 5 s connection timeout: the health check does not wait for it.
    const proxied = await startProxiedProcess(ctx);
    closing.push(proxied.close);
    await proxied.proxy.set('silent');
    const started = Date.now();
    const res = await proxied.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4_500);
  });
});
