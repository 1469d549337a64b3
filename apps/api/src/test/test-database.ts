import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, wrapPglite, type DatabaseHandle, type SessionDeadlines } from '../db/database';
import { withDatabase } from './global-setup';
import { THROUGH_NGINX } from './through-nginx';

export type TestDbKind = 'pglite' | 'postgres';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). Through nginx
 * (test/through-nginx.ts) PostgreSQL only: two processes cannot share one PGlite.
 */
export const TEST_DB_KINDS: TestDbKind[] =
  THROUGH_NGINX ? ['postgres'] : process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database with reference data, of its own for the caller (PostgreSQL sessions with `deadlines`, as the API's). */
export async function openTestDatabase(kind: TestDbKind, deadlines?: SessionDeadlines): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const dump = fs.readFileSync(inject('pgliteDumpPath'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return wrapPglite(client);
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kabadi_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const handle = openPostgres(withDatabase(url, name), { max: 20, deadlines });
  return {
    ...handle,
    async close() {
      await handle.close();
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
