import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config/config';
import { detectImageKind } from '../features/orders/image-signature';
import { createImageStorage } from '../storage/create-image-storage';
import { assertStorageKey } from '../storage/image-storage';
import type { BackupKey } from './backup-crypto';
import { describeSummary, type BackupManifest } from './backup-format';
import { makeOwnerOnly } from './owner-only';
import { localPhotoRoot } from './photo-hold';
import { readBackup, readManifest } from './read-backup';
import { loadPgliteBackup, loadPostgresBackup } from './restore-database';
import { assertEmptyTarget } from './restore-target';

const JOURNAL = path.resolve(import.meta.dirname, '../db/migrations/meta/_journal.json');

type Say = (line: string) => void;

export interface RestoreOutcome {
  manifest: BackupManifest;
  photos: number;
}

function knownMigrations(): number {
  return (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }).entries.length;
}

function assertRestorable(manifest: BackupManifest, config: Pick<AppConfig, 'DATABASE_URL'>, file: string): void {
  const target = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== target) {
    throw new Error(
      manifest.database === 'pglite'
        ? `${file} holds the embedded database (PGlite): restore it with DATABASE_URL unset, into an empty DATA_DIR`
        : `${file} holds a PostgreSQL database (pg_dump): restore it with DATABASE_URL set to an empty PostgreSQL database`,
    );
  }
  const known = knownMigrations();
  if (manifest.summary.migrations > known) {
    throw new Error(`${file} comes from a newer version of Kabadi Orders (${manifest.summary.migrations} migrations; this checkout knows ${known}): update this checkout (git pull, npm install), then restore`);
  }
}

/** S3 first, before the database names them: photo before row, as the product writes them. */
async function uploadPhotos(config: AppConfig, photosDir: string, keys: string[], say: Say): Promise<void> {
  const storage = createImageStorage(config);
  say(`Uploading ${keys.length} photos to STORAGE_URL…`);
  for (const key of keys) {
    const bytes = await fs.promises.readFile(path.join(photosDir, key));
    await storage.put(key, bytes, detectImageKind(bytes)?.mime ?? 'application/octet-stream');
  }
}

/**
 * `npm run restore FILE`: into an empty DATA_DIR (or an empty DATABASE_URL database) and
 * nowhere else. Everything is unpacked and checked in a staging folder inside DATA_DIR
 * first; the database then goes in whole or not at all, so a failure leaves the target as
 * empty as it was. An encrypted backup needs the BACKUP_KEY it was written with (`key`).
 */
export async function runRestore(config: AppConfig, file: string, say: Say, key: BackupKey | null = null): Promise<RestoreOutcome> {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist: name the backup file (npm run restore <file>)`);
  const manifest = await readManifest(file, key);
  assertRestorable(manifest, config, file);
  await assertEmptyTarget(config);
  const into = config.DATABASE_URL ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  say(`Restoring the backup of ${manifest.created_at} (${describeSummary(manifest.summary)}) into ${into}…`);

  await fs.promises.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.promises.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const databaseFile = path.join(staging, manifest.database === 'pglite' ? 'database.pglite.tar' : 'database.sql');
    const photosDir = path.join(staging, 'images');
    const keys: string[] = [];
    say('Unpacking and checking the file…');
    await readBackup(
      file,
      {
        onDatabase: (body) => pipeline(body, fs.createWriteStream(databaseFile, { mode: 0o600 })),
        async onPhoto(storageKey, body) {
          // A key is a path under the photo folder: nothing in the file may write outside it.
          assertStorageKey(storageKey);
          const target = path.join(photosDir, storageKey);
          await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(body, fs.createWriteStream(target, { mode: 0o600 }));
          keys.push(storageKey);
        },
      },
      key,
    );

    if (config.STORAGE_URL) await uploadPhotos(config, photosDir, keys, say);
    if (config.DATABASE_URL) {
      say('Loading the database (psql, one transaction)…');
      await loadPostgresBackup(config.DATABASE_URL, databaseFile, manifest.summary, staging);
    } else {
      say('Loading the embedded database…');
      const loaded = path.join(staging, 'pglite');
      await loadPgliteBackup(databaseFile, loaded, manifest.summary);
      await makeOwnerOnly(loaded);
      await fs.promises.rmdir(path.join(config.dataDir, 'pglite')).catch(() => undefined);
      // rename() refuses a folder that is not empty: a start meanwhile cannot be overwritten.
      await fs.promises.rename(loaded, path.join(config.dataDir, 'pglite'));
    }
    if (!config.STORAGE_URL && keys.length > 0) {
      await makeOwnerOnly(photosDir);
      await fs.promises.rmdir(localPhotoRoot(config)).catch(() => undefined);
      await fs.promises.rename(photosDir, localPhotoRoot(config));
    }
    say(`Restored ${describeSummary(manifest.summary)}.`);
    if (manifest.private_keys === 'left_out') {
      say('This backup was written --unencrypted, without the token-signing and VAPID private keys: the first start makes new ones (unless AUTH_SIGNING_KEY / VAPID_* are set). Members stay signed in (their apps fetch a token signed with the new key); notifications reach a phone again once its member turns them off and on in Settings (docs/backups.md).');
    }
    say('Next: start the product on it (npm start, with the same DATA_DIR / DATABASE_URL); the start applies any migrations newer than the backup.');
    return { manifest, photos: keys.length };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}
