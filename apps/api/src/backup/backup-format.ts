// What a backup file holds (docs/backups.md): a gzipped tar whose first entry says what
// it is and whose last entry says it is complete, so a truncated or foreign file is
// refused before anything is restored.
import { z } from 'zod';

export const BACKUP_FORMAT = 'kabadi-orders-backup';
export const BACKUP_VERSION = 1;

const ROOT = 'kabadi-backup';
export const ENTRY = {
  manifest: `${ROOT}/manifest.json`,
  /** The embedded database's data directory as PGlite's dumpDataDir() writes it. */
  pglite: `${ROOT}/database.pglite.tar`,
  /** pg_dump's plain SQL of a PostgreSQL database. */
  sql: `${ROOT}/database.sql`,
  photosPrefix: `${ROOT}/photos/`,
  end: `${ROOT}/complete.json`,
} as const;

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type BackupDatabaseKind = (typeof DATABASE_KINDS)[number];

export const databaseEntryOf = (kind: BackupDatabaseKind) => (kind === 'pglite' ? ENTRY.pglite : ENTRY.sql);

/** Counted inside the snapshot; a restore counts again and must find the same. */
export const snapshotSummarySchema = z.object({
  members: z.number().int(),
  orders: z.number().int(),
  ledger_entries: z.number().int(),
  invoices: z.number().int(),
  last_invoice_number: z.string().nullable(),
  photos: z.number().int(),
  migrations: z.number().int(),
});
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;

/**
 * Whether the database in the file holds the token-signing and VAPID private keys: an
 * encrypted backup holds them, an `--unencrypted` one leaves them out (decision 064).
 * Backups written before that held them.
 */
export const PRIVATE_KEYS = ['included', 'left_out'] as const;
export type PrivateKeys = (typeof PRIVATE_KEYS)[number];

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  created_at: z.string(),
  database: z.enum(DATABASE_KINDS),
  private_keys: z.enum(PRIVATE_KEYS).default('included'),
  summary: snapshotSummarySchema,
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export const endMarkerSchema = z.object({
  photos_written: z.number().int(),
  /** Photos the snapshot's rows name but storage no longer held (removed while an S3 backup ran). */
  missing_photos: z.array(z.string()),
});
export type EndMarker = z.infer<typeof endMarkerSchema>;

export function describeSummary(summary: SnapshotSummary): string {
  const last = summary.last_invoice_number ? ` (last ${summary.last_invoice_number})` : '';
  return `${summary.members} members, ${summary.orders} orders, ${summary.ledger_entries} ledger entries, ${summary.invoices} invoices${last}, ${summary.photos} photos`;
}

/**
 * `kabadi-backup-20260314-083005.tar.gz.enc` (encrypted) or `….tar.gz`, local time: sorts by
 * date, and says when at a glance.
 */
export function defaultBackupName(now: Date, encrypted: boolean): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `kabadi-backup-${date}-${time}.tar.gz${encrypted ? '.enc' : ''}`;
}
