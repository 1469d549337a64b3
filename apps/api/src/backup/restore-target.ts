// A restore writes only into an empty target, so it can never mix a backup into live data
// or overwrite what someone still needs.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config/config';
import { localPhotoRoot } from './photo-hold';

export class TargetNotEmptyError extends Error {}

const moveAside = (what: string) =>
  `Restore only into an empty target: choose a new DATA_DIR (DATA_DIR=./data-restored npm run restore <file>), or stop the product and move ${what} away first.`;

function hasEntries(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function postgresRelations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`cannot connect to DATABASE_URL (${(error as Error).message}): check it, and that the server runs and the database exists (createdb <name>)`, { cause: error });
  }
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Refuses (TargetNotEmptyError) unless the database and the local photo folder of `config` are empty. */
export async function assertEmptyTarget(config: Pick<AppConfig, 'DATABASE_URL' | 'STORAGE_URL' | 'dataDir'>): Promise<void> {
  if (config.DATABASE_URL) {
    const relations = await postgresRelations(config.DATABASE_URL);
    if (relations > 0) {
      throw new TargetNotEmptyError(
        `the database at DATABASE_URL is not empty (${relations} tables, indexes or sequences). Nothing was changed. ` +
          'Restore into a new, empty database: createdb kabadi_restored, then DATABASE_URL=postgres://…/kabadi_restored npm run restore <file>.',
      );
    }
  } else {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    if (hasEntries(pgliteDir)) throw new TargetNotEmptyError(`${pgliteDir} already holds a database. Nothing was changed. ${moveAside(config.dataDir)}`);
  }
  if (!config.STORAGE_URL) {
    const photos = localPhotoRoot(config);
    if (hasEntries(photos)) throw new TargetNotEmptyError(`${photos} already holds photos. Nothing was changed. ${moveAside(photos)}`);
  }
}
