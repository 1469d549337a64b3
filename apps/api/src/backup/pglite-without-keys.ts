import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
/**
 * A copy of an embedded database's dump without the rows of `tables` (PRIVATE_KEY_TABLES for
 * an `--unencrypted` backup; the drivers' positions always). Deleting rows is not enough: their bytes stay in the table's
 * pages, in the planner's statistics and in the write-ahead log, which the data directory
 * carries along. So the copy is opened in a scratch folder, the rows and their statistics
 * are deleted, the tables are rewritten (VACUUM FULL), and the log is moved past them onto
 * fresh segments while the old ones are removed, not recycled. The backup tests look for
 * the keys' bytes in the archive.
 */
export async function pgliteDumpWithoutRows(dump: Blob, scratchParent: string, tables: readonly string[]): Promise<Blob> {
  // Inside DATA_DIR: the copy holds the rows until they are deleted, and only DATA_DIR's owner may see it.
  const scratch = await fs.promises.mkdtemp(path.join(scratchParent, '.backup-scratch-'));
  try {
    const client = await PGlite.create({ dataDir: path.join(scratch, 'pglite'), loadDataDir: dump });
    try {
      const tableList = tables.join(', ');
      await client.exec('set wal_recycle = off');
      await client.transaction(async (tx) => {
        for (const table of tables) await tx.exec(`delete from ${table}`);
        await tx.exec(`delete from pg_catalog.pg_statistic where starelid in (${tables.map((t) => `'${t}'::regclass`).join(', ')})`);
      });
      // VACUUM cannot run inside a transaction: one statement per call.
      await client.exec(`vacuum full ${tableList}`);
      await client.exec('vacuum full pg_catalog.pg_statistic');
      for (let i = 0; i < 2; i++) {
        await client.query('select pg_switch_wal()');
        await client.exec('checkpoint');
      }
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
