import { buildApp, type App } from '../app';
import { testConfig, type AppConfig } from '../config/config';
import type { Database, DatabaseHandle } from '../db/database';
import { loadSigningKeys, type SigningKeySet } from '../auth/signing-keys';
import type { AccessTokenVerifier } from '../auth/access-tokens';
import type { Mailer } from '../mail/mailer';
import { openTestDatabase, type TestDbKind } from './test-database';
import { createFactories, type Factories } from './factories';

export interface TestContext {
  app: App;
  db: Database;
  handle: DatabaseHandle;
  config: AppConfig;
  keys: SigningKeySet;
  factories: Factories;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Parameters<typeof testConfig>[0];
  tokenVerifier?: AccessTokenVerifier;
  mailer?: Mailer;
  /** Scheduled jobs on a timer; off in tests, which run ticks themselves (runSchedulerTick). */
  scheduler?: boolean;
}

/** The real app on a database of its own; close() drops both. */
export async function createTestApp(kind: TestDbKind, options: TestAppOptions = {}): Promise<TestContext> {
  const handle = await openTestDatabase(kind);
  const config = testConfig(options.config);
  const keys = await loadSigningKeys(handle.db, undefined);
  const app = await buildApp({ config, database: handle, signingKeys: keys, scheduler: options.scheduler ?? false, ...(options.tokenVerifier ? { tokenVerifier: options.tokenVerifier } : {}), ...(options.mailer ? { mailer: options.mailer } : {}) });
  return {
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
}
