import type pg from 'pg';
import { buildApp, type App } from '../app';
import type { AppConfig } from '../config/config';
import { deadlinesOf, openPostgres } from '../db/database';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import type { TestContext } from './test-app';

export interface ProxiedProcess {
  app: App;
  /** Between this process and the database: `proxy.set('down')` takes the database away from it alone. */
  proxy: TcpProxy;
  close(): Promise<void>;
}

/**
 * Another API process on the database of `ctx` (as test/second-process.ts), whose pool and
 * LISTEN connection go through a TCP proxy the test controls. `ctx.app` keeps its direct
 * connection: the test writes through it while this process cannot.
 */
export async function startProxiedProcess(
  ctx: TestContext,
  options: { connectionTimeoutMillis?: number; config?: Partial<AppConfig>; logStream?: NodeJS.WritableStream } = {},
): Promise<ProxiedProcess> {
  if (ctx.handle.kind !== 'postgres') throw new Error('a proxied process needs PostgreSQL');
  const pool = (ctx.db as unknown as { $client: pg.Pool }).$client;
  const url = (pool as unknown as { options: pg.PoolConfig }).options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const handle = openPostgres(proxy.urlFor(url), { max: 10, deadlines: deadlinesOf(ctx.config), ...(options.connectionTimeoutMillis ? { connectionTimeoutMillis: options.connectionTimeoutMillis } : {}) });
  const app = await buildApp({
    config: { ...ctx.config, ...options.config },
    database: handle,
    signingKeys: ctx.keys,
    scheduler: false,
    mailer: ctx.app.mailer,
    tokenVerifier: ctx.app.tokenVerifier,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return {
    app,
    proxy,
    async close() {
      await proxy.set('up');
      await app.close();
      await handle.close();
      await proxy.close();
    },
  };
}
