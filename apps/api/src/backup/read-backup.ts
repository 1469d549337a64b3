import fs from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { BackupDamagedError, BackupKeyError, createDecryptor, isEncryptedFile, type BackupKey } from './backup-crypto';
import { BACKUP_FORMAT, BACKUP_VERSION, databaseEntryOf, endMarkerSchema, ENTRY, manifestSchema, type BackupManifest, type EndMarker } from './backup-format';
import { readTar, TarFormatError } from './tar-reader';

export interface BackupContents {
  manifest: BackupManifest;
  end: EndMarker;
  databaseBytes: number;
  photos: number;
}

export interface BackupHandlers {
  /** Checks the manifest before anything else is read; throw to stop. */
  onManifest?(manifest: BackupManifest): void | Promise<void>;
  onDatabase?(body: AsyncIterable<Buffer>, size: number): Promise<void>;
  onPhoto?(key: string, body: AsyncIterable<Buffer>, size: number): Promise<void>;
}

const notABackup = (file: string, why: string) => new Error(`${file} is not a complete backup of Kabadi Orders: ${why}`);

async function readJson(body: AsyncIterable<Buffer>): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function gunzipError(file: string, error: unknown): Error {
  if (error instanceof BackupKeyError) return new BackupKeyError(`${file}: ${error.message}`);
  if (error instanceof BackupDamagedError) return notABackup(file, error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return notABackup(file, 'it is not gzip data, or it is damaged or cut short');
  if (error instanceof TarFormatError) return notABackup(file, error.message);
  return error as Error;
}

class ManifestRead extends Error {}

/**
 * The archive's gzip bytes: the file itself, or, when it is encrypted, what BACKUP_KEY opens
 * of it. Older backups (before decision 064) are plain gzip and still read without a key.
 */
async function gzipBytesOf(file: string, key: BackupKey | null): Promise<Readable> {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  if (!(await isEncryptedFile(file))) return raw;
  if (!key) {
    raw.destroy();
    throw new BackupKeyError(`${file} is encrypted: set BACKUP_KEY to the key it was written with, then run this again`);
  }
  // pipeline() hands any stream's error to the last one, which the reader iterates.
  return pipeline(raw, createDecryptor(key), () => undefined);
}

/** Only the manifest (the first entry): enough to refuse a backup before touching anything. */
export async function readManifest(file: string, key: BackupKey | null = null): Promise<BackupManifest> {
  let found: BackupManifest | null = null;
  try {
    await readBackup(
      file,
      {
        onManifest(manifest) {
          found = manifest;
          throw new ManifestRead();
        },
      },
      key,
    );
  } catch (error) {
    if (!(error instanceof ManifestRead)) throw error;
  }
  if (!found) throw notABackup(file, 'it has no manifest');
  return found;
}

/**
 * Reads a backup file from its first entry to its last, handing each part to `handlers`.
 * It fails unless the file is whole: the manifest first, one database, the end marker last.
 */
export async function readBackup(file: string, handlers: BackupHandlers = {}, key: BackupKey | null = null): Promise<BackupContents> {
  let manifest: BackupManifest | null = null;
  let end: EndMarker | null = null;
  let databaseBytes = -1;
  let photos = 0;
  const gunzip = pipeline(await gzipBytesOf(file, key), createGunzip({ chunkSize: 1 << 20 }), () => undefined);
  try {
    for await (const entry of readTar(gunzip)) {
      if (!manifest) {
        if (entry.name !== ENTRY.manifest) throw notABackup(file, 'its first entry is not the manifest');
        const parsed = manifestSchema.safeParse(await readJson(entry.body));
        if (!parsed.success) throw notABackup(file, `its manifest is not one this version reads (${parsed.error.issues[0]?.message ?? 'invalid'})`);
        if (parsed.data.format !== BACKUP_FORMAT || parsed.data.version > BACKUP_VERSION) {
          throw new Error(`${file} was written by a newer version of Kabadi Orders (backup format ${parsed.data.version}): update this checkout, then restore`);
        }
        manifest = parsed.data;
        await handlers.onManifest?.(manifest);
        continue;
      }
      if (end) throw notABackup(file, `an entry follows the end marker (${entry.name})`);
      if (entry.name === databaseEntryOf(manifest.database)) {
        databaseBytes = entry.size;
        await handlers.onDatabase?.(entry.body, entry.size);
      } else if (entry.name.startsWith(ENTRY.photosPrefix)) {
        photos += 1;
        await handlers.onPhoto?.(entry.name.slice(ENTRY.photosPrefix.length), entry.body, entry.size);
      } else if (entry.name === ENTRY.end) {
        end = endMarkerSchema.parse(await readJson(entry.body));
      } else {
        throw notABackup(file, `it holds an unexpected entry (${entry.name})`);
      }
    }
  } catch (error) {
    throw gunzipError(file, error);
  } finally {
    gunzip.destroy();
  }
  if (!manifest) throw notABackup(file, 'it is empty');
  if (databaseBytes < 0) throw notABackup(file, 'it holds no database');
  if (!end) throw notABackup(file, 'its end marker is missing (the backup was interrupted, or the file was cut short)');
  if (end.photos_written !== photos) throw notABackup(file, `it holds ${photos} photos where its end marker says ${end.photos_written}`);
  return { manifest, end, databaseBytes, photos };
}
