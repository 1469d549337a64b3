import type { BackupDatabaseKind, PrivateKeys, SnapshotSummary } from './backup-format';
import type { HeldPhotos } from './photo-hold';

/** One moment of the database, and the photos its rows name, ready to be archived. */
export interface DatabaseSnapshot {
  kind: BackupDatabaseKind;
  summary: SnapshotSummary;
  privateKeys: PrivateKeys;
  photoKeys: string[];
  database: { size: number; open(): AsyncIterable<Buffer | Uint8Array> };
  photos: HeldPhotos;
  /** Drops what the snapshot holds (links, temporary files). */
  release(): Promise<void>;
}
