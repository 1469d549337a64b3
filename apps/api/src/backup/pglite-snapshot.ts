import type { PGlite } from '@electric-sql/pglite';
import type { PrivateKeys } from './backup-format';
import type { DatabaseSnapshot } from './database-snapshot';
import type { HeldPhotos } from './photo-hold';
import { pgliteDumpWithoutRows } from './pglite-without-keys';
import { parseSummary, PERSONAL_PAGES_SQL, PERSONAL_TABLES, PHOTO_KEYS_SQL, PRIVATE_KEY_TABLES, SCHEMA_PRESENT_SQL, SUMMARY_SQL } from './snapshot-queries';

/**
 * PGlite runs its process's queries and transactions one at a time, and transaction()
 * holds that turn until its callback ends. Inside it nothing else touches the database:
 * the counts, the photo list, the copy of the data directory and the photo links are all
 * of one moment. A row is in the snapshot with everything its transaction wrote, or not
 * at all. dumpDataDir() waits only for the current query, not the transaction, so it may
 * run inside. Writers wait for the length of the copy (about a second for a small database).
 * Leaving the private keys out, and the drivers' positions whenever their tables hold any
 * bytes (PERSONAL_TABLES: never in a backup), works on that copy afterwards, in
 * `scratchDir`: writers do not wait for it.
 */
export async function snapshotPglite(
  client: PGlite,
  holdPhotos: (keys: string[]) => Promise<HeldPhotos>,
  { privateKeys, scratchDir }: { privateKeys: PrivateKeys; scratchDir: string },
): Promise<DatabaseSnapshot> {
  const taken = await client.transaction(async (tx) => {
    const present = await tx.query<{ present: boolean }>(SCHEMA_PRESENT_SQL);
    if (!present.rows[0]?.present) throw new Error('the embedded database has none of this product\'s tables: start the product once (npm start) before backing it up, or check DATA_DIR');
    const summary = parseSummary((await tx.query(SUMMARY_SQL)).rows[0]);
    const photoKeys = (await tx.query<{ storage_key: string }>(PHOTO_KEYS_SQL)).rows.map((r) => r.storage_key);
    const personal = (await tx.query<{ present: boolean }>(PERSONAL_PAGES_SQL)).rows[0]?.present === true;
    // Written pages on disk: a restore then starts without replaying the write-ahead log.
    await tx.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    const photos = await holdPhotos(photoKeys);
    return { summary, photoKeys, dump, photos, personal };
  });
  const { summary, photoKeys, photos } = taken;
  let dump: Blob = taken.dump;
  const leftOut = [...(taken.personal ? PERSONAL_TABLES : []), ...(privateKeys === 'left_out' ? PRIVATE_KEY_TABLES : [])];
  if (leftOut.length > 0) {
    try {
      dump = await pgliteDumpWithoutRows(dump, scratchDir, leftOut);
    } catch (error) {
      await photos.release();
      throw error;
    }
  }
  return {
    kind: 'pglite',
    summary,
    privateKeys,
    photoKeys,
    database: { size: dump.size, open: () => dump.stream() },
    photos,
    release: () => photos.release(),
  };
}
