import type pg from 'pg';
import { buildApp, type App } from '../app';
import { deadlinesOf, openPostgres } from '../db/database';
import type { TestContext } from './test-app';

/**
 * Another API process on the same PostgreSQL database as `ctx`: its own connection pool,
 * its own LISTEN connection, its own caches: what a second machine behind a load
 * balancer would be. close() ends it (not the database).
 */
export async function startSecondProcess(ctx: TestContext): Promise<{ app: App; close(): Promise<void> }> {
  const first = ctx.app;
  if (ctx.handle.kind !== 'postgres') throw new Error('a second process needs PostgreSQL');
  const pool = (ctx.db as unknown as { $client: pg.Pool }).$client;
  const url = (pool as unknown as { options: pg.PoolConfig }).options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  const handle = openPostgres(url, { max: 10, deadlines: deadlinesOf(ctx.config) });
  // The same mail catcher and token verifier as the first: one deployment, two machines.
  const app = await buildApp({ config: ctx.config, database: handle, signingKeys: ctx.keys, scheduler: false, mailer: first.mailer, tokenVerifier: first.tokenVerifier });
  return {
    app,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
