import fs from 'node:fs';
import path from 'node:path';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import type { AppConfig } from '../config/config';
import { backupArchive, createBackupGzip } from './backup-archive';
import { createEncryptor } from './backup-crypto';
import { describeSummary } from './backup-format';
import { privateKeysOf, type BackupProtection } from './backup-protection';
import { requestSnapshotFromApi } from './channel-client';
import { processesHolding } from './data-dir-holders';
import type { DatabaseSnapshot } from './database-snapshot';
import { holdPhotos } from './photo-hold';
import { snapshotPglite } from './pglite-snapshot';
import { snapshotPostgres } from './postgres-snapshot';
import { readBackup, type BackupContents } from './read-backup';

export type BackupSource = 'the running API' | 'the embedded database (no API running)' | 'pg_dump';

export interface BackupOutcome {
  file: string;
  bytes: number;
  source: BackupSource;
  contents: BackupContents;
}

type Say = (line: string) => void;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The file's bytes from the archive's gzip: encrypted with BACKUP_KEY, or as they are. */
const protectInto = (file: string, protection: BackupProtection) => (...gzipped: Array<Readable | Duplex>) =>
  // The file holds password hashes and everyone's money: only its owner may read it, encrypted or not.
  pipeline([...gzipped, ...(protection.kind === 'encrypted' ? [createEncryptor(protection.key)] : []), fs.createWriteStream(file, { mode: 0o600 })]);

async function archiveOf(snapshot: DatabaseSnapshot, write: (archive: Readable) => Promise<void>): Promise<void> {
  try {
    await write(backupArchive(snapshot));
  } finally {
    await snapshot.release();
  }
}

async function writeArchive(config: AppConfig, partial: string, workDir: string, protection: BackupProtection, say: Say): Promise<BackupSource> {
  const protect = protectInto(partial, protection);
  const write = (archive: Readable) => protect(archive, createBackupGzip());
  const photosOf = (keys: string[]) => holdPhotos(config, keys);
  const privateKeys = privateKeysOf(protection);
  if (config.DATABASE_URL) {
    say('Taking a snapshot of the PostgreSQL database at DATABASE_URL (pg_dump)…');
    await archiveOf(await snapshotPostgres(config.DATABASE_URL, photosOf, workDir, privateKeys), write);
    return 'pg_dump';
  }
  const fromApi = await requestSnapshotFromApi(config.dataDir, privateKeys);
  if (fromApi) {
    say(`The API runs on ${config.dataDir}: it takes the snapshot and sends it over its local backup socket…`);
    await protect(fromApi).catch((error: unknown) => {
      throw new Error(`the API stopped sending the snapshot (${(error as Error).message}): see its log, then run npm run backup again`);
    });
    return 'the running API';
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(`there is no embedded database in ${pgliteDir}: check DATA_DIR, or set DATABASE_URL to back up a PostgreSQL database`);
  }
  const holders = processesHolding(pgliteDir);
  if (holders && holders.length > 0) {
    throw new Error(
      `process ${holders.join(', ')} has the embedded database in ${pgliteDir} open but no API answers on its backup socket ` +
        '(an API started before this version, or one still starting). Wait until it has started, or restart it (this version serves backups while it runs), or stop it; then run npm run backup again.',
    );
  }
  say(`No API runs on ${config.dataDir}: opening the embedded database to take the snapshot…`);
  const client = await PGlite.create({ dataDir: pgliteDir });
  try {
    await archiveOf(await snapshotPglite(client, photosOf, { privateKeys, scratchDir: config.dataDir }), write);
  } finally {
    await client.close();
  }
  return 'the embedded database (no API running)';
}

/**
 * `npm run backup`: one file (gzipped tar) with a consistent snapshot of the database and
 * the photos its rows name. It is written beside `output` first and renamed only once it
 * reads back whole, so a file with the final name is always a complete backup. Encrypted
 * with BACKUP_KEY it holds everything; unencrypted it leaves out the private keys.
 */
export async function runBackup(config: AppConfig, output: string, say: Say, protection: BackupProtection): Promise<BackupOutcome> {
  const started = Date.now();
  if (fs.existsSync(output)) throw new Error(`${output} already exists: name another file (npm run backup <file>) or move that one away`);
  await fs.promises.mkdir(path.dirname(output), { recursive: true });
  const partial = `${output}.partial`;
  const workDir = await fs.promises.mkdtemp(path.join(path.dirname(output), '.kabadi-backup-'));
  try {
    const source = await writeArchive(config, partial, workDir, protection, say);
    say('Reading the file back to check it…');
    const contents = await readBackup(partial, {}, protection.kind === 'encrypted' ? protection.key : null);
    if (contents.manifest.private_keys !== privateKeysOf(protection)) throw new Error('the API that took the snapshot did not leave out the private keys (an API started before this version): restart it, then run npm run backup again');
    await fs.promises.rename(partial, output);
    const bytes = (await fs.promises.stat(output)).size;
    say(`Backup written: ${output} (${megabytes(bytes)}, ${((Date.now() - started) / 1000).toFixed(1)} s, taken by ${source}).`);
    say(`  It holds ${describeSummary(contents.manifest.summary)}.`);
    if (protection.kind === 'encrypted') {
      say('  It is encrypted with BACKUP_KEY and holds everything, the private keys included. Keep that key apart from the backups: without it this file cannot be restored.');
    } else {
      say('  It is NOT encrypted: whoever holds it can read every member, password hash, payout and photo in it.');
      say('  It leaves out the token-signing and VAPID private keys kept in the database: a restore of it makes new ones on its first start (docs/backups.md says what that changes).');
    }
    if (contents.end.missing_photos.length > 0) {
      say(`  Warning: ${contents.end.missing_photos.length} photo(s) named by the snapshot were removed from storage before they could be copied: ${contents.end.missing_photos.slice(0, 5).join(', ')}${contents.end.missing_photos.length > 5 ? ', …' : ''}`);
    }
    say('Copy it off this machine now (docs/backups.md says where and how often).');
    say(`To restore it: npm run restore ${output}`);
    return { file: output, bytes, source, contents };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(workDir, { recursive: true, force: true });
  }
}
