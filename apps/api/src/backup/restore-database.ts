import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describeSummary, type SnapshotSummary } from './backup-format';
import { runPgTool, toolConnection } from './pg-tools';
import { parseSummary, summaryCheckSql, SUMMARY_SQL } from './snapshot-queries';

const sameSummary = (a: SnapshotSummary, b: SnapshotSummary) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Unpacks PGlite's data directory into `dir` (a staging folder: the caller moves it into
 * place once it is checked) and counts what it holds against the backup's own count.
 */
export async function loadPgliteBackup(tarFile: string, dir: string, expected: SnapshotSummary): Promise<void> {
  const client = await PGlite.create({ dataDir: dir, loadDataDir: await fs.openAsBlob(tarFile) });
  try {
    const found = parseSummary((await client.query(SUMMARY_SQL)).rows[0]);
    if (!sameSummary(found, expected)) {
      throw new Error(`the restored database does not hold what the backup counted (backup: ${describeSummary(expected)}; restored: ${describeSummary(found)}). Nothing was changed.`);
    }
  } finally {
    await client.close();
  }
}

/**
 * Runs pg_dump's SQL and then a check of the counts in one transaction (psql
 * --single-transaction): a failure anywhere, or a count that differs, leaves the database
 * as empty as it was.
 */
export async function loadPostgresBackup(databaseUrl: string, sqlFile: string, expected: SnapshotSummary, workDir: string): Promise<void> {
  const checkFile = path.join(workDir, 'check.sql');
  await fs.promises.writeFile(checkFile, summaryCheckSql(expected));
  const { dbname, env } = toolConnection(databaseUrl);
  await runPgTool('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--file=${sqlFile}`, `--file=${checkFile}`, `--dbname=${dbname}`], env).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}\nNothing was restored (one transaction, rolled back).`);
  });
}
