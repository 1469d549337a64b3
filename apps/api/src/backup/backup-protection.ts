// How a backup file is protected (design.md section 23, decision 064): encrypted with
// BACKUP_KEY and whole, or, only when the operator says so, readable and without the keys
// that sign sign-ins and pushes.
import { BackupKey } from './backup-crypto';
import type { PrivateKeys } from './backup-format';

export type BackupProtection = { kind: 'encrypted'; key: BackupKey } | { kind: 'unencrypted' };

export const privateKeysOf = (protection: BackupProtection): PrivateKeys => (protection.kind === 'encrypted' ? 'included' : 'left_out');

export const NO_KEY_REFUSAL = `no BACKUP_KEY is set, and a backup holds password hashes, everyone's money and the keys that sign sign-ins. Nothing was written.
  Either set BACKUP_KEY to a long passphrase or a random key (for example: export BACKUP_KEY="$(openssl rand -base64 32)"),
  and keep that key somewhere other than the backups: without it no backup can be restored;
  or run: npm run backup -- --unencrypted [FILE] for a file anyone holding it can read, which leaves out
  the token-signing and VAPID private keys (docs/backups.md).`;

/** The operator's choice: BACKUP_KEY, or --unencrypted on purpose; neither, or both, is refused. */
export function chooseProtection(backupKey: string | undefined, unencrypted: boolean): BackupProtection {
  if (backupKey && unencrypted) throw new Error('both BACKUP_KEY and --unencrypted were given: unset BACKUP_KEY for an unencrypted backup without private keys, or drop --unencrypted for an encrypted one');
  if (backupKey) return { kind: 'encrypted', key: new BackupKey(backupKey) };
  if (unencrypted) return { kind: 'unencrypted' };
  throw new Error(NO_KEY_REFUSAL);
}
