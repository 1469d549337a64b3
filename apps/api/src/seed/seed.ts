import type { AppConfig } from '../config/config';
import type { Database } from '../db/database';
import { loadReferenceData } from './load-reference-data';
import { demoAccountsExist, ensureDemoAccounts } from './demo-accounts';
import { adminExists, ensureConfiguredAdmin } from './ensure-admin';
import { ensureDemoCompany } from './demo-company';
import { ensureDemoOrders } from './demo-orders';

/**
 * What every start does after migrating: reference data always; the configured admin
 * when given; demo accounts and orders only in dev without ADMIN_*. Production refuses
 * to run without an admin.
 */
export async function seedOnStart(db: Database, config: AppConfig, log: (msg: string) => void): Promise<void> {
  await loadReferenceData(db);
  if (config.ADMIN_LOGIN_ID && config.ADMIN_PASSWORD) {
    await ensureConfiguredAdmin(db, config.ADMIN_LOGIN_ID, config.ADMIN_PASSWORD);
  }
  if (config.APP_ENV === 'dev' && !config.ADMIN_LOGIN_ID) {
    const ids = await ensureDemoAccounts(db);
    await ensureDemoCompany(db);
    await ensureDemoOrders(db, ids);
    log('demo accounts ready (see README: password demo1234)');
  }
  if (config.APP_ENV === 'production' && (await demoAccountsExist(db))) {
    // Their password is in the README: a database that served a dev start must not go live.
    throw new Error('Refusing to start in production: this database holds the demo accounts (password in the README). Use a fresh database, or delete the *@demo.kabadi.in members.');
  }
  if (config.APP_ENV === 'production' && !(await adminExists(db))) {
    throw new Error('Refusing to start in production: no admin exists. Set ADMIN_LOGIN_ID and ADMIN_PASSWORD for the first start.');
  }
}
