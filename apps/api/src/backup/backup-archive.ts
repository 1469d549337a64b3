import { Readable } from 'node:stream';
import { constants, createGzip, type Gzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, databaseEntryOf, ENTRY, type BackupManifest, type EndMarker } from './backup-format';
import type { DatabaseSnapshot } from './database-snapshot';
import { tarStream, type TarEntry } from './tar-writer';

const json = (name: string, value: unknown): TarEntry => {
  const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return { name, size: body.length, body };
};

async function* entries(snapshot: DatabaseSnapshot, createdAt: Date): AsyncGenerator<TarEntry> {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: createdAt.toISOString(),
    database: snapshot.kind,
    private_keys: snapshot.privateKeys,
    summary: snapshot.summary,
  };
  yield json(ENTRY.manifest, manifest);
  yield { name: databaseEntryOf(snapshot.kind), size: snapshot.database.size, body: snapshot.database.open() };
  const missing: string[] = [];
  for (const key of snapshot.photoKeys) {
    const photo = await snapshot.photos.open(key);
    if (!photo) {
      missing.push(key);
      continue;
    }
    yield { name: `${ENTRY.photosPrefix}${key}`, size: photo.size, body: photo.stream };
  }
  const end: EndMarker = { photos_written: snapshot.photoKeys.length - missing.length, missing_photos: missing };
  yield json(ENTRY.end, end);
}

/** The backup archive (an uncompressed tar) of a snapshot; the caller releases the snapshot after. */
export function backupArchive(snapshot: DatabaseSnapshot, createdAt = new Date()): Readable {
  return Readable.from(tarStream(entries(snapshot, createdAt)), { objectMode: false });
}

/**
 * The gzip of a backup file. A low level: photos (most of a large backup) do not compress
 * at all, and the database's pages and log compress nearly as well as at the default,
 * for a third of the CPU.
 */
export function createBackupGzip(): Gzip {
  return createGzip({ level: 3, strategy: constants.Z_DEFAULT_STRATEGY });
}
