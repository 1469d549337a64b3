import { buildApp, type App } from '../app';
import { testConfig, type AppConfig } from '../config/config';
import { deadlinesOf, type Database, type DatabaseHandle } from '../db/database';
import { loadSigningKeys, type SigningKeySet } from '../auth/signing-keys';
import type { AccessTokenVerifier } from '../auth/access-tokens';
import type { Mailer } from '../mail/mailer';
import { openTestDatabase, type TestDbKind } from './test-database';
import { createFactories, type Factories } from './factories';
import { startSecondProcess } from './second-process';
import { feedBarrier, httpInject, startBalancer, THROUGH_NGINX } from './through-nginx';
import { recordRouteCoverage } from './route-coverage';

export interface TestContext {
  app: App;
  db: Database;
  handle: DatabaseHandle;
  config: AppConfig;
  keys: SigningKeySet;
  factories: Factories;
  /** Set when the app runs behind nginx (THROUGH_NGINX): the balancer's address. */
  balancerUrl?: string;
  /** Behind nginx: how many HTTP requests each of the two processes has answered. */
  requestsPerProcess?: () => [number, number];
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Parameters<typeof testConfig>[0];
  tokenVerifier?: AccessTokenVerifier;
  mailer?: Mailer;
  /** Scheduled jobs on a timer; off in tests, which run ticks themselves (runSchedulerTick). */
  scheduler?: boolean;
  /** The Web Push sender on its 1-second timer; off in tests, which call sendDuePushes themselves or turn it on. */
  pushSender?: boolean;
  /** The app's log, for tests that read it (with config LOG_LEVEL set). */
  logStream?: NodeJS.WritableStream;
}

/** The real app on a database of its own; close() drops both. */
export async function createTestApp(kind: TestDbKind, options: TestAppOptions = {}): Promise<TestContext> {
  const config = testConfig(options.config);
  const handle = await openTestDatabase(kind, deadlinesOf(config));
  const keys = await loadSigningKeys(handle.db, undefined);
  const app = await buildApp({ config, database: handle, signingKeys: keys, scheduler: options.scheduler ?? false, pushSender: options.pushSender ?? false, ...(options.tokenVerifier ? { tokenVerifier: options.tokenVerifier } : {}), ...(options.mailer ? { mailer: options.mailer } : {}), ...(options.logStream ? { logStream: options.logStream } : {}) });
  const ctx: TestContext = {
    app,
    db: handle.db,
    handle,
    config,
    keys,
    factories: createFactories(handle.db, keys),
    async close() {
      await app.close();
      await handle.close();
    },
  };
  return THROUGH_NGINX && kind === 'postgres' ? behindNginx(ctx) : ctx;
}

/** The same context, served by two API processes behind nginx; app.inject() goes through nginx. */
async function behindNginx(ctx: TestContext): Promise<TestContext> {
  const second = await startSecondProcess(ctx);
  const balancer = await startBalancer(ctx.app, second.app);
  const counts: [number, number] = [0, 0];
  ctx.app.server.on('request', () => counts[0]++);
  second.app.server.on('request', () => counts[1]++);
  const writeCoverage = recordRouteCoverage([ctx.app, second.app]);
  // Fastify's own inject would bypass the network; the suite's calls stay as they are.
  const overHttp = httpInject(balancer.url);
  const barrier = feedBarrier(ctx.db, [ctx.app, second.app]);
  (ctx.app as unknown as { inject: unknown }).inject = async (options: Parameters<typeof overHttp>[0]) => {
    const response = await overHttp(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) await barrier();
    return response;
  };
  const closeBoth = ctx.close;
  return {
    ...ctx,
    balancerUrl: balancer.url,
    requestsPerProcess: () => [...counts],
    async close() {
      writeCoverage();
      await balancer.close();
      await second.close();
      await closeBoth();
    },
  };
}

/** Where a client reaches the app over HTTP: nginx when it runs behind one, else the app itself. */
export async function publicUrl(ctx: TestContext): Promise<string> {
  if (ctx.balancerUrl) return ctx.balancerUrl;
  return directUrl(ctx);
}

/** The first API process's own address, listening on demand (for socket-level tests). */
export async function directUrl(ctx: TestContext): Promise<string> {
  const address = ctx.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return ctx.app.listen({ host: '127.0.0.1', port: 0 });
}
