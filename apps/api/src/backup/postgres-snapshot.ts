import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { PrivateKeys } from './backup-format';
import type { DatabaseSnapshot } from './database-snapshot';
import type { HeldPhotos } from './photo-hold';
import { runPgTool, toolConnection } from './pg-tools';
import { parseSummary, PERSONAL_TABLES, PHOTO_KEYS_SQL, PRIVATE_KEY_TABLES, SCHEMA_PRESENT_SQL, SUMMARY_SQL } from './snapshot-queries';

// Uploads and removals of photos wait this long at most for the moment the photos are linked.
const PHOTO_LOCK_TIMEOUT = '60s';

/**
 * A snapshot of a PostgreSQL database that API processes keep writing to.
 *
 * pg_dump alone is consistent, but the photos must match its rows: a photo removed after
 * the dump's moment would be missing from the backup that still names it. So one
 * connection takes the share lock of order_images (photo rows can be neither added nor
 * removed while it holds it; reading and every other write go on), a second one opens a
 * repeatable-read transaction and exports its snapshot, the photos of that snapshot are
 * linked, the lock is released, and pg_dump dumps exactly the exported snapshot. Without
 * the private keys, pg_dump writes those tables' definitions but none of their rows; it
 * never writes the rows of the drivers' positions (PERSONAL_TABLES).
 */
export async function snapshotPostgres(databaseUrl: string, holdPhotos: (keys: string[]) => Promise<HeldPhotos>, workDir: string, privateKeys: PrivateKeys): Promise<DatabaseSnapshot> {
  const guard = new pg.Client({ connectionString: databaseUrl });
  const reader = new pg.Client({ connectionString: databaseUrl });
  await guard.connect();
  try {
    await reader.connect();
    try {
      const present = await reader.query<{ present: boolean }>(SCHEMA_PRESENT_SQL);
      if (!present.rows[0]?.present) throw new Error('the database at DATABASE_URL has none of this product\'s tables: check DATABASE_URL, or start the product once (npm start) before backing it up');
      await guard.query('begin');
      await guard.query(`set local lock_timeout = '${PHOTO_LOCK_TIMEOUT}'`);
      await guard.query('lock table public.order_images in share mode');
      await reader.query('begin isolation level repeatable read read only');
      const snapshotId = (await reader.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
      const summary = parseSummary((await reader.query(SUMMARY_SQL)).rows[0]);
      const photoKeys = (await reader.query<{ storage_key: string }>(PHOTO_KEYS_SQL)).rows.map((r) => r.storage_key);
      const photos = await holdPhotos(photoKeys);
      try {
        await guard.query('commit');
        const file = path.join(workDir, 'database.sql');
        const { dbname, env } = toolConnection(databaseUrl);
        // Plain SQL without owners or grants: it restores into any empty database, whoever owns it.
        const leftOut = [...PERSONAL_TABLES, ...(privateKeys === 'left_out' ? PRIVATE_KEY_TABLES : [])].map((table) => `--exclude-table-data=${table}`);
        await runPgTool('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', ...leftOut, `--snapshot=${snapshotId}`, `--file=${file}`, `--dbname=${dbname}`], env);
        await reader.query('commit');
        const { size } = await fs.promises.stat(file);
        return {
          kind: 'postgres',
          summary,
          privateKeys,
          photoKeys,
          database: { size, open: () => fs.createReadStream(file) },
          photos,
          release: async () => {
            await photos.release();
            await fs.promises.rm(file, { force: true });
          },
        };
      } catch (error) {
        await photos.release();
        throw error;
      }
    } finally {
      await reader.end();
    }
  } finally {
    await guard.end();
  }
}
